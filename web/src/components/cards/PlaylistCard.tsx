import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Img } from '@/components/ui/Img';
import type { Playlist } from '@/lib/api/types';
import { countLabel, formatDuration } from '@/lib/format';
import { playlistImageUrl } from '@/lib/images';

/**
 * Playlist tile with its duration badge. Covers usually carry their own title in the picture,
 * so the badge sits under the picture with the video count instead of on top of it.
 */
export function PlaylistCard({
  playlist,
  to,
  onOpen,
  tools,
}: {
  playlist: Playlist;
  to: string;
  onOpen?: () => void;
  tools?: ReactNode;
}) {
  return (
    <article className="card playlist-card">
      <Link className="card__link" to={to} onClick={onOpen} aria-label={`Open playlist ${playlist.title}`}>
        <div className="card__thumb">
          <Img src={playlistImageUrl(playlist, 300)} alt="" />
        </div>
      </Link>
      <div className="card__meta">
        <h3 className="card__title" title={playlist.title}>
          {playlist.title}
        </h3>
        <p className="card__sub card__sub--muted card__facts">
          {typeof playlist.number_of_videos === 'number' ? (
            <span>{countLabel(playlist.number_of_videos, 'video')}</span>
          ) : null}
          <span className="badge">
            <span className="visually-hidden">Duration </span>
            {formatDuration(playlist.duration)}
          </span>
        </p>
      </div>
      {tools ? <div className="card__tools card__tools--always">{tools}</div> : null}
    </article>
  );
}
