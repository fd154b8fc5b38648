import { Link, useParams } from 'react-router';
import { BackArrow } from '@/components/ui/BackArrow';
import { Img } from '@/components/ui/Img';
import { Loading } from '@/components/ui/Loading';
import { usePlaylistVideos } from '@/features/catalogue';
import { useScrollRestoration } from '@/hooks/scroll';
import { toMessage } from '@/lib/api/client';
import { DEFAULTS } from '@/lib/constants';
import { formatDuration, mergeNames } from '@/lib/format';
import { imageUrl } from '@/lib/images';
import { playerHref } from '@/lib/links';

/** /playlist/{id}/{title}: read-only grid of an editorial or another user's playlist. */
export default function PlaylistRoute() {
  const { playlistId, title = '' } = useParams();
  const id = Number(playlistId);
  const q = usePlaylistVideos(id);
  useScrollRestoration(`/playlist/${id}`, !q.isPending);
  const groupId =
    id === DEFAULTS.essentialClassics.playlistId ? DEFAULTS.essentialClassics.groupId : DEFAULTS.playerGroupId;

  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <h1>{q.data?.title ?? decodeURIComponent(title)}</h1>
      </header>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <p className="error-text">{toMessage(q.error)}</p>
      ) : q.data.videos.length === 0 ? (
        <p className="muted empty">No Results</p>
      ) : (
        <ol className="video-rows">
          {q.data.videos.map((v) => (
            <li key={v.id}>
              <Link className="video-row" to={playerHref({ playlistId: id, groupId, videoId: v.id })}>
                <Img className="video-row__thumb" src={imageUrl('video', v.id, 300)} alt="" />
                <span className="video-row__text">
                  <span className="video-row__title">{v.title}</span>
                  <span className="video-row__sub">{mergeNames(v.artists, v.composers)}</span>
                </span>
                <span className="video-row__duration">{formatDuration(v.duration)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
