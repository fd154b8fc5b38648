import { lazy, Suspense, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Loading } from '@/components/ui/Loading';
import { embedProvider, iframeEmbedUrl, isScriptLoadFailure } from './embed-url';
import type { PlayerHandle } from './VideoPlayer';

const ReactPlayer = lazy(() => import('react-player'));

/**
 * Plays a video whose source is an external link (for example its yt_link): react-player for
 * the providers it supports, the provider's iframe player for the others. Until the viewer
 * presses play it shows the video's poster and names the service (nothing is fetched from
 * it, so the page loads fast and works offline); when the player cannot load, the poster
 * comes back with a message.
 */
export function EmbedPlayer({
  url,
  title,
  poster,
  onEnded,
  onPlaying,
  handle,
}: {
  url: string;
  title: string;
  poster?: string;
  onEnded?: () => void;
  onPlaying?: () => void;
  handle?: Ref<PlayerHandle>;
}) {
  const media = useRef<HTMLVideoElement | null>(null);
  useImperativeHandle(
    handle,
    () => ({
      seek: (s: number) => {
        if (media.current) media.current.currentTime = s;
      },
      currentTime: () => media.current?.currentTime ?? 0,
      play: () => void media.current?.play?.().catch(() => undefined),
      pause: () => media.current?.pause?.(),
    }),
    [],
  );

  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);
  const provider = embedProvider(url);
  const iframe = iframeEmbedUrl(url);
  const loading = started && !failed && !iframe;
  // The player SDK's script failing to load (offline) rejects a promise react-player never
  // catches: while it loads, take that rejection as the player failing (the poster comes back
  // with the message) instead of an uncaught page error.
  useEffect(() => {
    if (!loading) return undefined;
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isScriptLoadFailure(event.reason)) return;
      event.preventDefault();
      setFailed(true);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [loading]);
  if (!started || failed) {
    return (
      <div className="player player--embed" role="region" aria-label={`Video player: ${title}`}>
        {poster && <img className="player__video player__poster" src={poster} alt="" />}
        <button
          type="button"
          className="player__embed-start"
          onClick={() => {
            setFailed(false);
            setStarted(true);
          }}
        >
          {failed ? `Could not load the player from ${provider}. Try again` : `Play from ${provider}`}
        </button>
      </div>
    );
  }
  return (
    <div className="player player--embed" role="region" aria-label={`Video player: ${title}`}>
      {iframe ? (
        <iframe
          className="player__video"
          src={iframe}
          title={title}
          allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <Suspense fallback={<Loading />}>
          <ReactPlayer
            ref={media}
            src={url}
            playing
            controls
            width="100%"
            height="100%"
            className="player__video"
            onEnded={onEnded}
            onPlaying={onPlaying}
            onError={() => setFailed(true)}
          />
        </Suspense>
      )}
    </div>
  );
}
