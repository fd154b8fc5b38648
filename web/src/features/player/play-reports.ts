import { useEffect, useRef } from 'react';
import { apiUrl } from '@/lib/api/client';
import { getAccessToken } from '@/lib/api/tokens';

/** One report of what played since the last beacon (the api's stats/plays/ item). */
export interface PlayReport {
  video_id: number;
  playlist_id: number | null;
  started: boolean;
  completed: boolean;
  watched_seconds: number;
}

/** How often the collected reports leave (and when the page is hidden or left). */
export const BEACON_INTERVAL_MS = 30_000;
/** The api takes at most this many reports a beacon. */
const MAX_REPORTS = 50;
/** A time jump larger than this is a seek, not watching. */
const MAX_TICK_SECONDS = 2;

const pending = new Map<string, PlayReport>();
let timer: ReturnType<typeof setInterval> | undefined;

/** Adds to the report of this video in this playlist; sent with the next beacon. */
export function addPlayReport(videoId: number, playlistId: number | null, change: Partial<PlayReport>): void {
  const key = `${videoId}:${playlistId ?? 0}`;
  const report = pending.get(key) ?? {
    video_id: videoId,
    playlist_id: playlistId,
    started: false,
    completed: false,
    watched_seconds: 0,
  };
  report.started ||= Boolean(change.started);
  report.completed ||= Boolean(change.completed);
  report.watched_seconds += change.watched_seconds ?? 0;
  pending.set(key, report);
  startBeacon();
}

/**
 * Sends what was collected: one small POST, kept alive so it also leaves with a closing tab.
 * Visitors without an account report too (the api counts them per address, within limits).
 * Statistics never disturb watching: a refused or failed beacon is dropped.
 */
export function flushPlayReports(): void {
  const token = getAccessToken();
  if (pending.size === 0) return;
  const events = [...pending.values()].slice(0, MAX_REPORTS);
  for (const e of events) pending.delete(`${e.video_id}:${e.playlist_id ?? 0}`);
  void fetch(apiUrl('/cuviewTV/stats/plays'), {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `JWT ${token}` } : {}) },
    body: JSON.stringify({
      events: events.map((e) => ({ ...e, watched_seconds: Math.min(Math.round(e.watched_seconds * 10) / 10, 600) })),
    }),
  }).catch(() => undefined);
}

function startBeacon(): void {
  if (timer !== undefined || typeof window === 'undefined') return;
  timer = setInterval(flushPlayReports, BEACON_INTERVAL_MS);
  window.addEventListener('pagehide', flushPlayReports);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPlayReports();
  });
}

/**
 * The player's part: a play when playback of a video first starts, the seconds actually
 * watched (seeks do not count), completion at its end. Answers the VideoPlayer callbacks.
 */
export function usePlayReports(videoId: number | null, playlistId: number | null) {
  const last = useRef<number | null>(null);
  const started = useRef(false);
  useEffect(() => {
    last.current = null;
    started.current = false;
  }, [videoId, playlistId]);
  return {
    onPlaying: () => {
      if (videoId === null || started.current) return;
      started.current = true;
      addPlayReport(videoId, playlistId, { started: true });
    },
    onTime: (t: number) => {
      const previous = last.current;
      last.current = t;
      if (videoId === null || previous === null) return;
      const delta = t - previous;
      if (delta > 0 && delta <= MAX_TICK_SECONDS) addPlayReport(videoId, playlistId, { watched_seconds: delta });
    },
    onEnded: () => {
      if (videoId !== null) addPlayReport(videoId, playlistId, { completed: true });
      flushPlayReports();
    },
  };
}
