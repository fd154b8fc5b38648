import { useParams } from 'react-router';
import { PlaylistCard } from '@/components/cards/PlaylistCard';
import { BackArrow } from '@/components/ui/BackArrow';
import { Loading } from '@/components/ui/Loading';
import { playlistPlayerHref, useGroupPlaylists } from '@/features/catalogue';
import { useScrollRestoration } from '@/hooks/scroll';
import { toMessage } from '@/lib/api/client';
import { storePlayTarget } from '@/lib/storage';

/** /group/{id}/{title}: the group's playlists; a tile stores the ids and opens the player. */
export default function GroupRoute() {
  const { groupId, title = '' } = useParams();
  const id = Number(groupId);
  const q = useGroupPlaylists(id);
  useScrollRestoration(`/group/${id}`, !q.isPending);
  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <h1>{decodeURIComponent(title)}</h1>
      </header>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <h2 className="error-heading">{toMessage(q.error)}</h2>
      ) : q.data.length === 0 ? (
        <p className="muted empty">No Results</p>
      ) : (
        <>
          <h2 className="visually-hidden">Playlists</h2>
          <div className="grid">
            {q.data.map((p) => (
              <PlaylistCard
                key={p.id}
                playlist={p}
                to={playlistPlayerHref(p, id)}
                onOpen={() => {
                  const videoId = p.video_id ?? p.video?.id;
                  if (videoId) storePlayTarget({ videoId, playlistId: p.id, groupId: id });
                }}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
