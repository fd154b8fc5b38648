import { useEffect, useRef, useState, type RefObject } from 'react';
import type Hls from 'hls.js';
import { audioPlaylistUrl } from './audio-only';
import { HLS_CONFIG } from './hls-config';

export type QualityLevel = { index: number; height: number; bitrate: number; label: string };

export function levelLabel(height: number, bitrate: number): string {
  return height > 0 ? `${height}p` : `${Math.round(bitrate / 1000)} kbps`;
}

/**
 * Attaches an HLS source to a <video>: hls.js (loaded on demand, its own chunk) where Media
 * Source Extensions exist, the browser's native HLS otherwise (Safari, iOS). Exposes the
 * stream's real renditions for the quality picker; index -1 means automatic. With
 * `preferNative` (the landing hero) native HLS wins whenever the browser has it. With
 * `audioOnly` the ladder's audio rendition plays alone (no picture is fetched at all); with
 * `startAt` playback starts there (resume, or the switch between picture and sound alone).
 */
export function useHls(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string | null | undefined,
  {
    preferNative = false,
    audioOnly = false,
    startAt = null,
  }: { preferNative?: boolean; audioOnly?: boolean; startAt?: number | null } = {},
) {
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [level, setLevelState] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    setLevels([]);
    setLevelState(-1);
    setPlayingLevel(-1);
    setError(null);
    if (!video || !src) return undefined;
    let cancelled = false;
    const startAtMetadata = () => {
      if (startAt && startAt > 0) video.currentTime = startAt;
    };

    const native = video.canPlayType('application/vnd.apple.mpegurl') !== '';
    if (native && preferNative) {
      // The browser plays HLS itself (Safari, recent Chrome): no need to load hls.js, at the
      // cost of not knowing the renditions, which only the player's quality picker needs.
      video.src = src;
      return () => {
        video.removeAttribute('src');
        video.load();
      };
    }
    const source = audioOnly ? audioSource(src) : Promise.resolve(src);
    void Promise.all([import('hls.js'), source]).then(([{ default: HlsClass }, url]) => {
      if (cancelled) return;
      if (!HlsClass.isSupported()) {
        if (native) {
          video.addEventListener('loadedmetadata', startAtMetadata, { once: true });
          video.src = url;
        } else setError('This browser cannot play the stream');
        return;
      }
      const hls = new HlsClass({ ...HLS_CONFIG, startPosition: startAt && startAt > 0 ? startAt : -1 });
      hlsRef.current = hls;
      hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
        setLevels(
          data.levels
            .map((l, index) => ({
              index,
              height: l.height,
              bitrate: l.bitrate,
              label: levelLabel(l.height, l.bitrate),
            }))
            .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate),
        );
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => setPlayingLevel(data.level));
      hls.on(HlsClass.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) hls.startLoad();
        else if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
        else setError('The video could not be played');
      });
      hls.loadSource(url);
      hls.attachMedia(video);
    });

    return () => {
      cancelled = true;
      video.removeEventListener('loadedmetadata', startAtMetadata);
      hlsRef.current?.destroy();
      hlsRef.current = null;
      if (video.src && !video.src.startsWith('blob:')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [videoRef, src, preferNative, audioOnly, startAt]);

  const setLevel = (index: number) => {
    setLevelState(index);
    // currentLevel switches at once (flushes the buffer); -1 hands control back to ABR.
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };

  return { levels, level, playingLevel, setLevel, error };
}

/** The audio rendition's playlist of a master playlist, or the master itself when it has none. */
async function audioSource(masterUrl: string): Promise<string> {
  try {
    const res = await fetch(masterUrl);
    if (!res.ok) return masterUrl;
    return audioPlaylistUrl(masterUrl, await res.text()) ?? masterUrl;
  } catch {
    // hls.js reports the unreachable stream itself, with its retries.
    return masterUrl;
  }
}
