import { MyPlaylistScreen } from '@/features/playlists/components/MyPlaylistScreen';
import { RequireUser } from '@/lib/auth';

export default function MyPlaylistRoute() {
  return (
    <RequireUser>
      <MyPlaylistScreen />
    </RequireUser>
  );
}
