import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Img } from '@/components/ui/Img';
import type { Video } from '@/lib/api/types';
import { formatDuration } from '@/lib/format';
import { pictureUrl } from '@/lib/images';
import { useVideoActions, type VideoActionContext } from './video-actions';

/**
 * Video tile: thumbnail, duration, and on hover or focus the title, artists and composers
 * with the actions (add to playlist, remove for the owner, share).
 */
export function VideoCard({
  video,
  to,
  onOpen,
  context,
  selection,
  showMeta = true,
  progress,
  label,
}: {
  video: Video;
  to: string;
  onOpen?: () => void;
  context?: VideoActionContext;
  /** Selection mode: a checkbox replaces the actions. */
  selection?: { selected: boolean; onToggle: () => void };
  showMeta?: boolean;
  /** Share already watched (0..1): a bar along the bottom of the picture. */
  progress?: number;
  /** The link's name when "Play {title}" is not what it does. */
  label?: string;
}) {
  const actions = useVideoActions();
  let tools: ReactNode = null;
  if (selection) {
    tools = (
      <label className="card__select">
        <input type="checkbox" checked={selection.selected} onChange={selection.onToggle} />
        <span className="visually-hidden">Select {video.title}</span>
      </label>
    );
  } else if (actions) {
    tools = <actions.CardActions video={video} context={context ?? {}} />;
  }

  return (
    <article
      className={`card video-card${selection ? ' is-selecting' : ''}${selection?.selected ? ' is-selected' : ''}`}
    >
      <Link className="card__link" to={to} onClick={onOpen} aria-label={label ?? `Play ${video.title}`}>
        <div className="card__thumb">
          <Img src={pictureUrl('video', video, 300)} alt="" />
          {video.duration ? <span className="badge card__duration">{formatDuration(video.duration)}</span> : null}
          {progress !== undefined && (
            <span className="card__progress" aria-hidden="true">
              <span style={{ width: `${Math.round(Math.min(1, Math.max(0, progress)) * 100)}%` }} />
            </span>
          )}
        </div>
        {/* Inside the link: the title and names open the video too, with one keyboard stop per card. */}
        {showMeta && (
          <div className="card__meta">
            <h3 className="card__title" title={video.title}>
              {video.title}
            </h3>
            {video.artists ? <p className="card__sub">{video.artists}</p> : null}
            {video.composers ? <p className="card__sub card__sub--muted">{video.composers}</p> : null}
          </div>
        )}
      </Link>
      {tools ? <div className="card__tools">{tools}</div> : null}
    </article>
  );
}
