import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useHls } from '@/components/player/use-hls';
import { IconMute, IconPlay, IconVolume } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { useSwipe } from '@/hooks/use-swipe';
import type { BannerVideo } from '@/lib/api/types';
import { pictureUrl } from '@/lib/images';
import { playerHref } from '@/lib/links';
import { useBannerVideos } from '../api/get-banner-videos';

/**
 * Landing hero: the banner video autoplays muted (browsers allow only muted autoplay) with an
 * unmute toggle and its title in upper case. Several banners rotate when one ends; a finger
 * swiping sideways over the banner shows the next or previous one.
 */
export function HeroBanner() {
  const q = useBannerVideos();
  const banners = q.data ?? [];
  const [index, setIndex] = useState(0);
  const banner = banners.length ? banners[index % banners.length] : undefined;
  const swipe = useSwipe((step) =>
    setIndex((i) => (banners.length ? (i + step + banners.length) % banners.length : 0)),
  );

  if (q.isPending) return <div className="hero hero--loading" aria-busy="true" />;
  if (!banner) return null;
  return (
    <section className="hero" aria-label="Featured video" {...(banners.length > 1 ? swipe : {})}>
      <HeroMedia
        key={banner.id}
        banner={banner}
        onEnded={() => setIndex((i) => (banners.length ? (i + 1) % banners.length : 0))}
      />
      {banners.length > 1 && (
        <div className="hero__dots" role="group" aria-label="Featured videos">
          {banners.map((b, i) => (
            <button
              key={b.id}
              type="button"
              className={`hero__dot${i === index % banners.length ? ' is-active' : ''}`}
              aria-label={`Show ${b.title || b.video_title || 'video'}`}
              aria-pressed={i === index % banners.length}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function HeroMedia({ banner, onEnded }: { banner: BannerVideo; onEnded: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const src = banner.scripted_bunny_path || null;
  // The poster paints first; the stream (and hls.js) load once the page is idle.
  useHls(video, useIdle() ? src : null, { preferNative: true });
  const title = (banner.title || banner.video_title || '').toUpperCase();
  const href = playerHref({ playlistId: banner.playlist_id, groupId: banner.group_id, videoId: banner.video_id });
  const picture = heroPicture(banner);

  return (
    <>
      {src ? (
        <video
          ref={video}
          className="hero__video"
          autoPlay
          muted={muted}
          playsInline
          onEnded={onEnded}
          poster={picture}
          aria-label={title}
        />
      ) : (
        <Img className="hero__video" src={picture} alt="" />
      )}
      <div className="hero__shade" />
      <div className="hero__content">
        <h1 className="hero__title">{title}</h1>
        {banner.artists ? <p className="hero__sub">{banner.artists}</p> : null}
        <div className="hero__actions">
          <Link className="button button--primary" to={href}>
            <IconPlay size={16} /> Watch now
          </Link>
          {src && (
            <button
              type="button"
              className="icon-button icon-button--glass"
              aria-label={muted ? 'Unmute' : 'Mute'}
              aria-pressed={!muted}
              onClick={() => {
                setMuted((m) => !m);
                void video.current?.play().catch(() => undefined);
              }}
            >
              {muted ? <IconMute /> : <IconVolume />}
            </button>
          )}
        </div>
      </div>
    </>
  );
}

/** The banner's own picture when staff uploaded one, else its video's. */
function heroPicture(banner: BannerVideo): string | undefined {
  return banner.banner_images?.[600] ?? pictureUrl('video', { id: banner.video_id, images: banner.images }, 600);
}

/** True once the page has loaded and the browser is idle (at most ~2 s after load). */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let handle = 0;
    const schedule = () => {
      handle = window.requestIdleCallback
        ? window.requestIdleCallback(() => setIdle(true), { timeout: 2000 })
        : window.setTimeout(() => setIdle(true), 500);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      if (window.cancelIdleCallback) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return idle;
}
