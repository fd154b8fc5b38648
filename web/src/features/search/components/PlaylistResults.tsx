import { Carousel } from '@/components/cards/Carousel';
import { PlaylistCard } from '@/components/cards/PlaylistCard';
import { isNotFound, toMessage } from '@/lib/api/client';
import type { Playlist } from '@/lib/api/types';
import { CAROUSEL_ITEMS, DEFAULTS } from '@/lib/constants';
import { playlistPlayerHref } from '@/lib/links';

type PlaylistsQuery = { data?: Playlist[]; error: unknown; isError: boolean };

/**
 * The playlists whose title matches the search (beyond the spec: "rock en espanol" found No
 * Results while the playlist "Rock en Español" existed), as a carousel above the videos. It
 * shows only once the answer holds a playlist: the results wait for it (SearchScreen), so the
 * row never pushes the videos down after they appear. A 404 (an api without the call) leaves
 * it out; another error is said under the row's title, as on the landing page.
 */
export function PlaylistResults({ query }: { query: PlaylistsQuery }) {
  if (query.isError) {
    return isNotFound(query.error) ? null : <p className="error-text">{toMessage(query.error)}</p>;
  }
  const playlists = query.data ?? [];
  if (playlists.length === 0) return null;
  return (
    <Carousel title="Playlists" label="Playlists matching the search" items={CAROUSEL_ITEMS.searchPlaylists}>
      {playlists.map((p) => (
        <PlaylistCard
          key={p.id}
          playlist={p}
          to={playlistPlayerHref(p, p.user_id === null ? DEFAULTS.landingGroupId : DEFAULTS.playerGroupId)}
        />
      ))}
    </Carousel>
  );
}
