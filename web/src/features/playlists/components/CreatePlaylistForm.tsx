import { useId, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import type { Id, PlaylistDetail } from '@/lib/api/types';
import { useAddFullPlaylist } from '../api/add-full-playlist';
import { INVALID_NAME_MESSAGE, isValidPlaylistName, NAME_MAX_LENGTH } from '../validation';

/**
 * "Create Playlist" box with a Name field. After each attempt the name is cleared and the
 * box closed (spec viewer §4); an invalid name raises "Please, Provide Valid Name".
 */
export function CreatePlaylistForm({
  videoIds,
  onDone,
  onCreated,
}: {
  videoIds: Id[];
  onDone: () => void;
  onCreated?: (playlist: PlaylistDetail) => void;
}) {
  const [name, setName] = useState('');
  const inputId = useId();
  const toast = useToast();
  const create = useAddFullPlaylist();

  return (
    <form
      className="create-playlist"
      aria-label="Create Playlist"
      onSubmit={(e) => {
        e.preventDefault();
        const title = name;
        setName('');
        onDone();
        if (!isValidPlaylistName(title)) {
          window.alert(INVALID_NAME_MESSAGE);
          return;
        }
        // The box closes at once, so the outcome is awaited here rather than through
        // mutate() callbacks, which React Query drops once the calling component unmounts.
        const wait = toast.show('Please, wait...');
        create
          .mutateAsync({ title: title.trim(), video_list: videoIds })
          .then((playlist) => {
            toast.dismiss(wait);
            toast.show('Playlist has been added');
            onCreated?.(playlist);
          })
          .catch((error: unknown) => {
            toast.dismiss(wait);
            toast.show(toMessage(error));
          });
      }}
    >
      <h3 className="create-playlist__title">Create Playlist</h3>
      <label htmlFor={inputId}>Name</label>
      <div className="create-playlist__row">
        <input
          id={inputId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          maxLength={NAME_MAX_LENGTH}
        />
        <button type="submit" className="button button--primary">
          Create
        </button>
      </div>
    </form>
  );
}
