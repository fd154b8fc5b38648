import { useCallback, useState } from 'react';
import { readLocal, StorageKey, writeLocal } from '@/lib/storage';

/**
 * The audio rendition of an HLS ladder: the URI of the master playlist's first
 * `#EXT-X-MEDIA:TYPE=AUDIO` entry (the worker packs the sound once, as its own rendition
 * every video variant refers to), resolved against the master's address. Null when the
 * ladder has no separate audio.
 */
export function audioPlaylistUrl(masterUrl: string, master: string): string | null {
  for (const line of master.split(/\r?\n/)) {
    if (!line.startsWith('#EXT-X-MEDIA:') || !/TYPE=AUDIO(,|$)/.test(line)) continue;
    const uri = /URI="([^"]+)"/.exec(line)?.[1];
    if (uri) return new URL(uri, new URL(masterUrl, window.location.href)).toString();
  }
  return null;
}

/**
 * Where playback goes on after switching between picture and sound alone: where it was, but at
 * least a second before the end. The two renditions end a few frames apart, and a start past
 * the new one's end made hls.js begin again from 0.
 */
export function switchPoint(currentTime: number, duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? Math.min(currentTime, Math.max(0, duration - 1)) : currentTime;
}

/** The audio-only switch, remembered on this device. */
export function useAudioOnly(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readLocal(StorageKey.audioOnly) === '1');
  const set = useCallback((value: boolean) => {
    writeLocal(StorageKey.audioOnly, value ? '1' : null);
    setOn(value);
  }, []);
  return [on, set];
}
