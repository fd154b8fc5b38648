import { useState } from 'react';
import { useAddPlaylist } from '../api/playlists/add-playlist';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { TitleField } from '../components/FormParts';
import { ImagePicker } from '../components/ImagePicker';
import { useSaveAndLeave } from '../hooks/use-save-form';
import { MSG } from '../messages';
import type { Status } from '../types';
import { titleProblem } from '../validation';

/**
 * /addPlaylist (spec §2): title, access switch and thumbnail. The title is required; saving
 * without a thumbnail asks "Upload without Thumbnail?" first (spec §5).
 */
export function AddPlaylistScreen() {
  const [title, setTitle] = useState('');
  const [status, setStatus] = useState<Status>(0);
  const [image, setImage] = useState<File | null>(null);
  const add = useAddPlaylist();
  const form = useSaveAndLeave();

  const save = () => {
    if (!form.check(titleProblem(title))) return;
    if (!image && !window.confirm(MSG.uploadWithoutThumbnail)) return;
    add.mutate(
      { title: title.trim(), status, image },
      form.leaveAfter<{ id: number }>(MSG.playlistAdded, (playlist) => `/editPlaylist/${playlist.id}`),
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
        <TitleField value={title} onChange={form.field(setTitle)} />
        <AccessSwitch value={status} onChange={form.field(setStatus)} />
        <ImagePicker label="Thumbnail" file={image} onChange={form.field(setImage)} />
        <FormAlert message={form.error} />
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Save'}
        </button>
      </form>
    </div>
  );
}
