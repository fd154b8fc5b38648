import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';

export const UNSAVED_CHANGES_MESSAGE = 'You may loose the changes you made';

type UnsavedChanges = { dirty: boolean; setDirty: (dirty: boolean) => void };
const Context = createContext<UnsavedChanges>({ dirty: false, setDirty: () => undefined });

/** The admin layout's unsaved-changes flag, set by the edit screens. */
export function useUnsavedChanges(): UnsavedChanges {
  return useContext(Context);
}

/**
 * For an edit screen: marks the layout dirty while it has unsaved changes and clears the flag
 * when the screen goes away, so the next screen does not inherit it.
 */
export function useDirtyFlag(): (dirty: boolean) => void {
  const { setDirty } = useContext(Context);
  useEffect(() => () => setDirty(false), [setDirty]);
  return setDirty;
}

/** Holds the flag; leaving an edit screen while it is set asks for confirmation. */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [dirty, setDirtyState] = useState(false);
  // The blocker reads a ref: a screen that saves clears the flag and navigates in the same
  // tick, before React has re-rendered with the new state.
  const dirtyRef = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyRef.current = value;
    setDirtyState(value);
  }, []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) {
      setDirty(false);
      blocker.proceed();
    } else blocker.reset();
  }, [blocker, setDirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const value = useMemo(() => ({ dirty, setDirty }), [dirty, setDirty]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}
