import { Carousel } from '@/components/cards/Carousel';
import { PlaylistCard } from '@/components/cards/PlaylistCard';
import { useUser } from '@/lib/auth';
import { CAROUSEL_ITEMS, DEFAULTS } from '@/lib/constants';
import { playlistPlayerHref } from '@/lib/links';
import { useUserPlaylists } from '../api/get-user-playlists';

/** "My Playlists" carousel, only for a signed-in person. */
export function MyPlaylistsSection() {
  const { data: user } = useUser();
  const q = useUserPlaylists(Boolean(user));
  if (!user || !q.data?.length) return null;
  return (
    <Carousel title="My Playlists" items={CAROUSEL_ITEMS.myPlaylists} showAll="/myPlaylists">
      {q.data.map((p) => (
        <PlaylistCard key={p.id} playlist={p} to={playlistPlayerHref(p, DEFAULTS.playerGroupId)} />
      ))}
    </Carousel>
  );
}
