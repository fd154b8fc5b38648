import { useState, type ReactNode } from 'react';
import { useAddPlaylistToGroup } from '../api/playlists/add-playlist-to-group';
import { GroupPickerDialog } from '../components/PickerDialogs';
import { RowActions } from '../components/RowActions';
import { useNotify } from '../hooks/use-notify';
import { MSG } from '../messages';

/**
 * A playlist's row actions, on the playlist list and in a theme: Edit, Add to group (a theme
 * picker, without `inGroup`, the theme being edited), the row's own actions, then Delete.
 */
export function PlaylistRowActions({
  playlist,
  inGroup,
  onDelete,
  confirm,
  deleteLabel,
  iconSize,
  children,
}: {
  playlist: { id: number; title: string };
  inGroup?: number;
  onDelete: () => void;
  confirm: string;
  deleteLabel?: string;
  iconSize?: number;
  children?: ReactNode;
}) {
  const [picking, setPicking] = useState(false);
  const addToGroup = useAddPlaylistToGroup();
  const notify = useNotify();
  return (
    <>
      <RowActions
        name={playlist.title}
        edit={`/editPlaylist/${playlist.id}`}
        onDelete={onDelete}
        confirm={confirm}
        deleteLabel={deleteLabel}
        iconSize={iconSize}
      >
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Add ${playlist.title} to a group`}
          onClick={() => setPicking(true)}
        >
          Add to group
        </button>
        {children}
      </RowActions>
      {picking && (
        <GroupPickerDialog
          title={`Add ${playlist.title} to a group`}
          exclude={inGroup === undefined ? [] : [inGroup]}
          busy={addToGroup.isPending}
          onClose={() => setPicking(false)}
          onPick={(group) =>
            addToGroup.mutate(
              { groupId: group.id, playlistId: playlist.id },
              notify(MSG.playlistAddedToGroup, () => setPicking(false)),
            )
          }
        />
      )}
    </>
  );
}
