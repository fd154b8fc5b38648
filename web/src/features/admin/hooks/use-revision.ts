import { useCallback, useState } from 'react';

/**
 * The revision an edit form loaded, sent with its Save so the server refuses it (409, in words
 * staff understand) when someone else saved in between, rather than putting back what they
 * changed. A change the screen itself makes at once (a video taken out of the playlist, a
 * playlist added to the theme) raises it too: `follow` takes the answer's revision when it is
 * the next one, that is when nobody else saved in between; otherwise the form keeps the one it
 * loaded, and its Save is refused as it should be.
 */
export function useRevision(loaded: number) {
  const [revision, setRevision] = useState(loaded);
  const follow = useCallback((next: number) => setRevision((current) => (next === current + 1 ? next : current)), []);
  return { revision, follow };
}
