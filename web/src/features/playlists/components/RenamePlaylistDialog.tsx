import { useId, useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import type { Id, Playlist } from '@/lib/api/types';
import { useRenamePlaylist } from '../api/rename-playlist';
import { INVALID_NAME_MESSAGE, isValidPlaylistName, NAME_MAX_LENGTH } from '../validation';

/**
 * "Rename Playlist" dialog (beyond the spec, README "Decisions"): a Name field holding the
 * current name, checked by creation's rule. A refusal (the rule, or the server's answer) is
 * said inside the dialog, which stays open with the typed name so it can be corrected.
 */
export function RenamePlaylistDialog({
  playlist,
  onClose,
  onRenamed,
}: {
  playlist: { id: Id; title: string };
  onClose: () => void;
  onRenamed?: (playlist: Playlist) => void;
}) {
  const [name, setName] = useState(playlist.title);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const toast = useToast();
  const rename = useRenamePlaylist();

  return (
    <Modal title="Rename Playlist" onClose={onClose} className="rename-playlist">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (rename.isPending) return;
          const title = name.trim();
          if (!isValidPlaylistName(title)) {
            setError(INVALID_NAME_MESSAGE);
            return;
          }
          if (title === playlist.title) {
            onClose();
            return;
          }
          setError(null);
          rename.mutate(
            { playlistId: playlist.id, title },
            {
              onSuccess: (renamed) => {
                toast.show('Playlist has been renamed');
                onRenamed?.(renamed);
                onClose();
              },
              onError: (e) => setError(toMessage(e)),
            },
          );
        }}
      >
        <label htmlFor={inputId} className="rename-playlist__label">
          Name
        </label>
        <input
          id={inputId}
          className="rename-playlist__input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
          autoComplete="off"
          maxLength={NAME_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} className="form-error rename-playlist__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="rename-playlist__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
