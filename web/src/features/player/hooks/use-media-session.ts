import { useEffect, useRef } from 'react';
import type { Video, VideoTrack } from '@/lib/api/types';
import { DEFAULT_COVER, pictureUrl } from '@/lib/images';

/** Seconds the lock screen's and headphones' skip buttons move by when they name none. */
const SKIP_S = 10;

export type MediaSessionControls = {
  play: () => void;
  pause: () => void;
  seek: (seconds: number) => void;
  currentTime: () => number;
  previousTrack: () => void;
  nextTrack: () => void;
};

function artists(track: VideoTrack | undefined, video: Video): string {
  if (!track) return video.artists;
  return track.members.map((m) => m.title).join(', ') || video.artists;
}

/**
 * The Media Session API (lock screen, notification, headphones and the OS media keys): the
 * playing track's title, artists, album and album cover, changed at each track boundary
 * inside the video; play, pause, seeking and previous/next track from there. A video without
 * tracks shows its own title and thumbnail.
 */
export function useMediaSession(
  video: Video | undefined,
  track: VideoTrack | undefined,
  controls: MediaSessionControls,
) {
  const latest = useRef(controls);
  latest.current = controls;
  const supported = typeof navigator !== 'undefined' && 'mediaSession' in navigator;

  useEffect(() => {
    if (!supported || !video) return;
    const videoCover = { src: pictureUrl('video', video, 600) ?? DEFAULT_COVER, sizes: '600x338', type: 'image/jpeg' };
    const albumCover = track?.album.cover
      ? [{ src: pictureUrl('album', track.album, 600) ?? DEFAULT_COVER, sizes: '600x600', type: 'image/jpeg' }]
      : [];
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track?.title ?? video.title,
      artist: artists(track, video),
      album: track?.album.title ?? video.title,
      artwork: [...albumCover, videoCover],
    });
  }, [supported, video, track]);

  useEffect(() => {
    if (!supported) return undefined;
    const c = () => latest.current;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => c().play()],
      ['pause', () => c().pause()],
      ['seekto', (d) => d.seekTime !== undefined && c().seek(d.seekTime)],
      ['seekbackward', (d) => c().seek(Math.max(0, c().currentTime() - (d.seekOffset ?? SKIP_S)))],
      ['seekforward', (d) => c().seek(c().currentTime() + (d.seekOffset ?? SKIP_S))],
      ['previoustrack', () => c().previousTrack()],
      ['nexttrack', () => c().nextTrack()],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know: the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          navigator.mediaSession.setActionHandler(action, null);
        } catch {
          /* as above */
        }
      }
      navigator.mediaSession.metadata = null;
    };
  }, [supported]);
}
