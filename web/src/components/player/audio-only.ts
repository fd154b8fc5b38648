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

/** The audio-only switch, remembered on this device. */
export function useAudioOnly(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readLocal(StorageKey.audioOnly) === '1');
  const set = useCallback((value: boolean) => {
    writeLocal(StorageKey.audioOnly, value ? '1' : null);
    setOn(value);
  }, []);
  return [on, set];
}
