import { lazy, Suspense, useImperativeHandle, useRef, type Ref } from 'react';
import { Loading } from '@/components/ui/Loading';
import { iframeEmbedUrl } from './embed-url';
import type { PlayerHandle } from './VideoPlayer';

const ReactPlayer = lazy(() => import('react-player'));

/**
 * Plays a video whose source is an external link (for example its yt_link): react-player for
 * the providers it supports, the provider's iframe player for the others.
 */
export function EmbedPlayer({
  url,
  title,
  onEnded,
  onPlaying,
  handle,
}: {
  url: string;
  title: string;
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
    }),
    [],
  );

  const iframe = iframeEmbedUrl(url);
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
          />
        </Suspense>
      )}
    </div>
  );
}
