import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { useDirtyFlag } from '../unsaved-changes';

/** `field(setX)`: an input's change handler that sets the value and calls `changed`. */
function fieldOf(changed: () => void) {
  return <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      changed();
    };
}

/**
 * A form that saves through one mutation and shows its problem above the Save button:
 * `check` shows a validation message and says whether to go on, `saved` gives the mutation's
 * callbacks (the notice and `then` on success, the failure in the form otherwise), and a
 * change made through `field` drops a stale problem.
 *
 * One save at a time: `saved` is called as the mutation starts, and until it settles `check`
 * says no without a message. A double click on Save sends one request (the button's
 * `disabled={isPending}` comes a render later, after the second click has arrived).
 */
export function useSaveForm() {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const saving = useRef(false);
  const check = useCallback((problem: string | null) => {
    if (saving.current) return false;
    setError(problem);
    return problem === null;
  }, []);
  const saved = useCallback(
    <T = unknown>(message: string, then: (answer: T) => void) => {
      saving.current = true;
      return {
        onSuccess: (answer: T) => {
          toast.show(message);
          then(answer);
        },
        onError: (e: unknown) => setError(toMessage(e)),
        onSettled: () => {
          saving.current = false;
        },
      };
    },
    [toast],
  );
  const changed = useCallback(() => setError(null), []);
  return { error, setError, check, saved, changed, field: fieldOf(changed) };
}

/**
 * An edit screen's save: the form of `useSaveForm` plus the layout's unsaved-changes flag.
 * A change marks the screen dirty; `leaveAfter` clears the flag before navigating, so the
 * leave guard lets a saved screen go.
 */
export function useSaveAndLeave() {
  const form = useSaveForm();
  const { saved, changed: dropProblem } = form;
  const setDirty = useDirtyFlag();
  const navigate = useNavigate();
  const changed = useCallback(() => {
    setDirty(true);
    dropProblem();
  }, [setDirty, dropProblem]);
  const leaveAfter = useCallback(
    <T = unknown>(message: string, to: string | ((answer: T) => string)) =>
      saved<T>(message, (answer) => {
        setDirty(false);
        void navigate(typeof to === 'string' ? to : to(answer));
      }),
    [saved, setDirty, navigate],
  );
  return { ...form, setDirty, changed, field: fieldOf(changed), leaveAfter };
}
