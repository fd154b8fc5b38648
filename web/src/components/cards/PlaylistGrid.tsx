import type { ComponentProps } from 'react';
import type { Playlist } from '@/lib/api/types';
import { PlaylistCard } from './PlaylistCard';

/** Grid of playlist tiles; `cardFor` gives each tile its address, click and tools. */
export function PlaylistGrid<P extends Playlist>({
  playlists,
  cardFor,
}: {
  playlists: P[];
  cardFor: (playlist: P) => Omit<ComponentProps<typeof PlaylistCard>, 'playlist'>;
}) {
  return (
    <>
      <h2 className="visually-hidden">Playlists</h2>
      <div className="grid">
        {playlists.map((p) => (
          <PlaylistCard key={p.id} playlist={p} {...cardFor(p)} />
        ))}
      </div>
    </>
  );
}
