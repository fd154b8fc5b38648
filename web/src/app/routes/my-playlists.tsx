import { MyPlaylistsScreen } from '@/features/playlists/components/MyPlaylistsScreen';
import { RequireUser } from '@/lib/auth';

export default function MyPlaylistsRoute() {
  return (
    <RequireUser>
      <MyPlaylistsScreen />
    </RequireUser>
  );
}
