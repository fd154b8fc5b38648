import { useSyncExternalStore } from 'react';

/**
 * Whether the API is reachable, as the last calls found it. A 502/503/504 or a network failure
 * means a dependency is down (DESIGN.md §2.3): the app keeps the person signed in, shows that
 * it is retrying, and clears the notice as soon as a call gets through.
 */
let unavailable = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (unavailable === value) return;
  unavailable = value;
  listeners.forEach((l) => l());
}

export const reportUnavailable = (): void => set(true);
export const reportReachable = (): void => set(false);
export const isServiceUnavailable = (): boolean => unavailable;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServiceUnavailable(): boolean {
  return useSyncExternalStore(subscribe, isServiceUnavailable, isServiceUnavailable);
}

/** Statuses a gateway or the API answers while something behind it is down. */
export function isUnavailableStatus(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}
