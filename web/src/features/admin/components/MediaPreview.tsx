import { useEffect, useRef, type Ref } from 'react';
import { useHls } from '@/components/player/use-hls';

export type MediaSource =
  /** The product's HLS stream of the video (hls.js, native HLS on Safari). */
  | { kind: 'hls'; src: string }
  /** A file the browser plays directly: the chosen video before its stream exists. */
  | { kind: 'file'; src: string }
  /** An album track's prelistening excerpt. */
  | { kind: 'audio'; src: string };

/**
 * The admin's preview player: native controls over the video's stream, a local file or an
 * excerpt. `mediaRef` gives the caller the element (the track wizard seeks and reads time).
 */
export function MediaPreview({
  source,
  title,
  poster,
  mediaRef,
  onTime,
  onDuration,
}: {
  source: MediaSource;
  title: string;
  /** The picture shown before the video plays (the video's thumbnail). */
  poster?: string;
  mediaRef?: Ref<HTMLMediaElement | null>;
  onTime?: (seconds: number) => void;
  onDuration?: (seconds: number) => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const { error } = useHls(video, source.kind === 'hls' ? source.src : null);

  useEffect(() => {
    const el = source.kind === 'audio' ? audio.current : video.current;
    if (!mediaRef) return;
    if (typeof mediaRef === 'function') mediaRef(el);
    else mediaRef.current = el;
  }, [mediaRef, source.kind]);

  const events = {
    onTimeUpdate: (e: { currentTarget: HTMLMediaElement }) => onTime?.(e.currentTarget.currentTime),
    onLoadedMetadata: (e: { currentTarget: HTMLMediaElement }) => {
      const d = e.currentTarget.duration;
      if (Number.isFinite(d) && d > 0) onDuration?.(d);
    },
  };

  if (source.kind === 'audio') {
    return (
      <div className="media-preview media-preview--audio">
        <audio ref={audio} controls preload="metadata" src={source.src} aria-label={title} {...events} />
      </div>
    );
  }
  return (
    <div className="media-preview">
      <video
        ref={video}
        controls
        playsInline
        preload="metadata"
        aria-label={title}
        poster={poster}
        src={source.kind === 'file' ? source.src : undefined}
        {...events}
      />
      {error && <p className="error-text">{error}</p>}
    </div>
  );
}
