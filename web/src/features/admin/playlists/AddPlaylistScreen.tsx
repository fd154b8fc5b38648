import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { useAddPlaylist } from '../api/playlists/add-playlist';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { ImagePicker } from '../components/ImagePicker';
import { MSG } from '../messages';
import type { Status } from '../types';
import { useDirtyFlag } from '../unsaved-changes';

/**
 * /addPlaylist (spec §2): title, access switch and thumbnail. The title is required; saving
 * without a thumbnail asks "Upload without Thumbnail?" first (spec §5).
 */
export function AddPlaylistScreen() {
  const id = useId();
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<Status>(0);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddPlaylist();
  const setDirty = useDirtyFlag();
  const toast = useToast();
  const navigate = useNavigate();

  const save = () => {
    if (!title.trim()) {
      setError(MSG.provideTitle);
      return;
    }
    if (!image && !window.confirm(MSG.uploadWithoutThumbnail)) return;
    add.mutate(
      { title: title.trim(), status, image },
      {
        onSuccess: (playlist) => {
          toast.show(MSG.playlistAdded);
          setDirty(false);
          void navigate(`/editPlaylist/${playlist.id}`);
        },
        onError: (e) => setError(toMessage(e)),
      },
    );
  };

  return (
    <div className="admin-page admin-page--narrow">
      <header className="admin-page__header">
        <h1>CREATE NEW PLAYLIST</h1>
      </header>
      <form
        className="panel"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input
            id={`${id}-title`}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
              setDirty(true);
            }}
          />
        </div>
        <AccessSwitch
          value={status}
          onChange={(v) => {
            setStatus(v);
            setDirty(true);
          }}
        />
        <ImagePicker
          label="Thumbnail"
          file={image}
          onChange={(f) => {
            setImage(f);
            setDirty(true);
          }}
        />
        <FormAlert message={error} />
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </div>
  );
}
