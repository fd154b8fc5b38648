import { Link } from 'react-router';
import { Img } from '@/components/ui/Img';
import type { Video } from '@/lib/api/types';
import { formatDuration, mergeNames } from '@/lib/format';
import { pictureUrl } from '@/lib/images';

/** A video as a row of a playlist's list: thumbnail, title, artists and duration. */
export function VideoRowLink({ video, to }: { video: Video; to: string }) {
  return (
    <Link className="video-row" to={to}>
      <Img className="video-row__thumb" src={pictureUrl('video', video, 300)} alt="" />
      <span className="video-row__text">
        <span className="video-row__title">{video.title}</span>
        <span className="video-row__sub">{mergeNames(video.artists, video.composers)}</span>
      </span>
      <span className="video-row__duration">{formatDuration(video.duration)}</span>
    </Link>
  );
}
