import { useParams } from 'react-router';
import { PlaylistGrid } from '@/components/cards/PlaylistGrid';
import { BackArrow } from '@/components/ui/BackArrow';
import { QueryResults } from '@/components/ui/QueryResults';
import { useGroupPlaylists } from '@/features/catalogue';
import { useScrollRestoration } from '@/hooks/scroll';
import { playlistPlayerHref } from '@/lib/links';
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
      <QueryResults query={q} items={(d) => d}>
        {(data) => (
          <PlaylistGrid
            playlists={data}
            cardFor={(p) => ({
              to: playlistPlayerHref(p, id),
              onOpen: () => {
                const videoId = p.video_id ?? p.video?.id;
                if (videoId) storePlayTarget({ videoId, playlistId: p.id, groupId: id });
              },
            })}
          />
        )}
      </QueryResults>
    </div>
  );
}
