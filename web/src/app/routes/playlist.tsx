import { useParams } from 'react-router';
import { VideoRowLink } from '@/components/cards/VideoRowLink';
import { BackArrow } from '@/components/ui/BackArrow';
import { QueryResults } from '@/components/ui/QueryResults';
import { usePlaylistVideos } from '@/features/catalogue';
import { useScrollRestoration } from '@/hooks/scroll';
import { DEFAULTS } from '@/lib/constants';
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
      <QueryResults query={q} items={(d) => d.videos}>
        {(data) => (
          <ol className="video-rows">
            {data.videos.map((v) => (
              <li key={v.id}>
                <VideoRowLink video={v} to={playerHref({ playlistId: id, groupId, videoId: v.id })} />
              </li>
            ))}
          </ol>
        )}
      </QueryResults>
    </div>
  );
}
