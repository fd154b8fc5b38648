import { useEffect, useRef } from 'react';
import { playerActionOf, type PlayerAction } from './player-keys';

/**
 * The player's keys on the whole page (not only while the player has focus, as on YouTube's
 * watch page): `run` gets each action; the default of the key (scrolling, pressing) is prevented.
 */
export function usePlayerKeys(run: (action: PlayerAction) => void) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = playerActionOf(e);
      if (!action) return;
      e.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
