import { formatDuration } from '@/lib/format';
import { IconTrash } from '@/components/ui/icons';
import type { VideoTrack } from '../types';

type Row = Pick<VideoTrack, 'position' | 'start_time' | 'end_time' | 'track_title' | 'album_title' | 'catalogue_num'>;

/** The video's tracks in position order; removable on the add form, read-only on edit. */
export function TrackTable<T extends Row>({ tracks, onRemove }: { tracks: T[]; onRemove?: (track: T) => void }) {
  if (tracks.length === 0) return <p className="muted">No tracks yet.</p>;
  return (
    <div className="admin-table-scroll">
      <table className="admin-table admin-table--compact admin-table--cards" aria-label="Tracks">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Track</th>
            <th scope="col">Album</th>
            <th scope="col">Catalogue number</th>
            <th scope="col">Start</th>
            <th scope="col">End</th>
            {onRemove && (
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {[...tracks]
            .sort((a, b) => a.position - b.position)
            .map((t) => (
              <tr key={`${t.position}-${t.track_title}`}>
                <td data-label="#">{t.position}</td>
                <td data-label="Track">{t.track_title}</td>
                <td data-label="Album">{t.album_title}</td>
                <td data-label="Catalogue number">{t.catalogue_num}</td>
                <td data-label="Start">{formatDuration(t.start_time)}</td>
                <td data-label="End">{formatDuration(t.end_time)}</td>
                {onRemove && (
                  <td>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Remove track ${t.track_title}`}
                      onClick={() => onRemove(t)}
                    >
                      <IconTrash size={16} />
                    </button>
                  </td>
                )}
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
