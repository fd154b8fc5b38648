import { useState } from 'react';
import { Link } from 'react-router';
import { Carousel } from '@/components/cards/Carousel';
import { VideoCard } from '@/components/cards/VideoCard';
import { IconChevronDown, IconDownload, IconReplay, IconTrash } from '@/components/ui/icons';
import type { PlaylistDetail } from '@/lib/api/types';
import { CAROUSEL_ITEMS } from '@/lib/constants';
import { countLabel, formatDuration } from '@/lib/format';
import { myPlaylistHref, playerHref, playlistHref } from '@/lib/links';

/**
 * Strip of the current playlist: title, video count, export, replay, view all, delete (owner
 * only) and an open/close slider with the playlist's videos. A video opened from search, a
 * category or a filter plays before the last active playlist (spec viewer §2): the strip then
 * says "Up next", so the playlist does not read as the video's own.
 */
export function PlaylistStrip({
  playlist,
  groupId,
  currentVideoId,
  isOwner,
  onExport,
  onDelete,
  onReplay,
}: {
  playlist: PlaylistDetail;
  groupId: number;
  currentVideoId: number | null;
  isOwner: boolean;
  onExport: () => void;
  onDelete: () => void;
  /** Replay when the first video is the one playing: its address is already the page's, so play it again from 0. */
  onReplay: () => void;
}) {
  const [open, setOpen] = useState(true);
  const first = playlist.videos[0];
  const total = playlist.videos.reduce((s, v) => s + (v.duration || 0), 0);
  const upNext = currentVideoId !== null && !playlist.videos.some((v) => v.id === currentVideoId);
  const viewAll = isOwner ? myPlaylistHref(playlist.id, playlist.title) : playlistHref(playlist.id, playlist.title);

  return (
    <section className="playlist-strip" aria-label={`${upNext ? 'Up next: playlist' : 'Playlist'} ${playlist.title}`}>
      <header className="playlist-strip__header">
        <div>
          {upNext && <p className="page__kicker">Up next</p>}
          <h2 className="section-title">{playlist.title}</h2>
          <p className="muted">
            {countLabel(playlist.videos.length, 'video')} · {formatDuration(total)}
          </p>
        </div>
        <div className="playlist-strip__actions">
          <button type="button" className="button button--ghost" onClick={onExport}>
            <IconDownload size={16} /> Export
          </button>
          {first && (
            <Link
              className="button button--ghost"
              to={playerHref({ playlistId: playlist.id, groupId, videoId: first.id })}
              onClick={(e) => {
                if (first.id !== currentVideoId) return;
                e.preventDefault();
                onReplay();
              }}
            >
              <IconReplay size={16} /> Replay
            </Link>
          )}
          <Link className="button button--ghost" to={viewAll}>
            View all
          </Link>
          {isOwner && (
            <button type="button" className="button button--ghost" onClick={onDelete}>
              <IconTrash size={16} /> Delete
            </button>
          )}
          <button
            type="button"
            className="icon-button"
            aria-expanded={open}
            aria-label={open ? 'Close playlist slider' : 'Open playlist slider'}
            onClick={() => setOpen((o) => !o)}
          >
            <IconChevronDown style={{ transform: open ? 'rotate(180deg)' : undefined }} />
          </button>
        </div>
      </header>
      {open && (
        <Carousel title="" label={`Videos of ${playlist.title}`} items={CAROUSEL_ITEMS.playlistVideos}>
          {playlist.videos.map((v) => (
            <div key={v.id} className={v.id === currentVideoId ? 'is-current' : undefined}>
              <VideoCard
                video={v}
                to={playerHref({ playlistId: playlist.id, groupId, videoId: v.id })}
                context={{ playlistId: playlist.id, groupId, ownerId: playlist.user_id ?? null }}
              />
            </div>
          ))}
        </Carousel>
      )}
    </section>
  );
}
