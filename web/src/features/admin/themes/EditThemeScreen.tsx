import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { IconPlus, IconTrash } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { countLabel, formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useAddPlaylistToGroup } from '../api/playlists/add-playlist-to-group';
import { useDeletePlaylistFromGroup } from '../api/playlists/delete-playlist-from-group';
import { useEditGroup } from '../api/themes/edit-group';
import { useGroupInfo } from '../api/themes/get-group-info';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { GroupPickerDialog, PlaylistPickerDialog } from '../components/PickerDialogs';
import { SortableList } from '../components/SortableList';
import { MSG } from '../messages';
import type { GroupInfo, GroupPlaylist, Status } from '../types';
import { useDirtyFlag } from '../unsaved-changes';
import { moveItem, positionsOf } from '../validation';

/** /editTheme/{group_id} (spec §2). */
export function EditThemeScreen() {
  const id = Number(useParams().groupId);
  const q = useGroupInfo(id);
  if (q.isPending) return <p className="loading admin-page">{MSG.loading}</p>;
  if (q.isError) {
    return (
      <div className="admin-page" role="alert">
        <p className="error-text">{MSG.someError}</p>
      </div>
    );
  }
  return <EditThemeForm key={id} group={q.data} />;
}

/**
 * Title, Access ON/OFF and the theme's playlists: drag to reorder, and per playlist edit,
 * add to (another) group and delete from this group; and add a playlist to it. Order, title and access are saved together by Save; adding and
 * removing a playlist take effect at once.
 */
function EditThemeForm({ group }: { group: GroupInfo }) {
  const id = useId();
  const [title, setTitle] = useState(group.title);
  const [status, setStatus] = useState<Status>(group.status);
  const [playlists, setPlaylists] = useState<GroupPlaylist[]>(() =>
    [...group.playlists].sort((a, b) => a.position - b.position),
  );
  const [picking, setPicking] = useState(false);
  // The playlist whose "Add to group" is open: it joins another theme too (spec §2).
  const [groupFor, setGroupFor] = useState<GroupPlaylist | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditGroup();
  const addToGroup = useAddPlaylistToGroup();
  const removeFromGroup = useDeletePlaylistFromGroup();
  const setDirty = useDirtyFlag();
  const toast = useToast();
  const navigate = useNavigate();

  const save = () => {
    if (!title.trim()) {
      setError(MSG.provideTitle);
      return;
    }
    edit.mutate(
      { id: group.id, data: { title: title.trim(), status, positions: positionsOf(playlists) } },
      {
        onSuccess: () => {
          toast.show(MSG.groupEdited);
          setDirty(false);
          void navigate('/themes');
        },
        onError: (e) => setError(toMessage(e)),
      },
    );
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>EDIT THEME</h1>
        <Link to="/themes" className="button button--ghost button--small">
          Back to themes
        </Link>
      </header>
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
        onText="Access ON"
        offText="Access OFF"
        onChange={(v) => {
          setStatus(v);
          setDirty(true);
        }}
      />
      <section className="panel" aria-label="Playlists">
        <div className="panel__header">
          <h2>Playlists</h2>
          <button type="button" className="button button--ghost button--small" onClick={() => setPicking(true)}>
            <IconPlus size={16} /> Add playlist to group
          </button>
        </div>
        {playlists.length === 0 ? (
          <p className="muted">No playlists in this theme.</p>
        ) : (
          <SortableList
            label={`Playlists of ${group.title}`}
            items={playlists}
            itemLabel={(p) => p.title}
            onMove={(active, over) => {
              const moved = moveItem(playlists, active, over);
              if (!moved) return;
              setPlaylists(moved.items);
              setDirty(true);
            }}
          >
            {(p) => (
              <div className="sortable-row">
                <span className="sortable-row__pos">{p.position}</span>
                <Img className="sortable-row__thumb" src={staffImageUrl(p.image)} alt="" />
                <span className="sortable-row__title">{p.title}</span>
                <span className="muted">
                  {countLabel(p.number_of_videos, 'video')} · {formatDuration(p.duration)}
                </span>
                <Link
                  to={`/editPlaylist/${p.id}`}
                  className="button button--ghost button--small"
                  aria-label={`Edit ${p.title}`}
                >
                  Edit
                </Link>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Add ${p.title} to a group`}
                  onClick={() => setGroupFor(p)}
                >
                  Add to group
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete ${p.title} from group`}
                  onClick={() => {
                    if (!window.confirm(MSG.deletePlaylistFromGroupConfirm)) return;
                    removeFromGroup.mutate(
                      { groupId: group.id, playlistId: p.id },
                      {
                        onSuccess: () => {
                          toast.show(MSG.playlistDeletedFromGroup);
                          setPlaylists((list) =>
                            list.filter((x) => x.id !== p.id).map((x, i) => ({ ...x, position: i + 1 })),
                          );
                        },
                        onError: (e) => toast.show(toMessage(e)),
                      },
                    );
                  }}
                >
                  <IconTrash size={16} />
                </button>
              </div>
            )}
          </SortableList>
        )}
      </section>
      <FormAlert message={error} />
      <div className="admin-page__footer">
        <button type="button" className="button button--primary" disabled={edit.isPending} onClick={save}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
      {picking && (
        <PlaylistPickerDialog
          title={`Add a playlist to ${group.title}`}
          exclude={playlists.map((p) => p.id)}
          busy={addToGroup.isPending}
          onClose={() => setPicking(false)}
          onPick={(p) =>
            addToGroup.mutate(
              { groupId: group.id, playlistId: p.id },
              {
                onSuccess: () => {
                  toast.show(MSG.playlistAddedToGroup);
                  setPlaylists((list) => [...list, { ...p, position: list.length + 1 }]);
                  setPicking(false);
                },
                onError: (e) => toast.show(toMessage(e)),
              },
            )
          }
        />
      )}
      {groupFor && (
        <GroupPickerDialog
          title={`Add ${groupFor.title} to a group`}
          exclude={[group.id]}
          busy={addToGroup.isPending}
          onClose={() => setGroupFor(null)}
          onPick={(other) =>
            addToGroup.mutate(
              { groupId: other.id, playlistId: groupFor.id },
              {
                onSuccess: () => {
                  toast.show(MSG.playlistAddedToGroup);
                  setGroupFor(null);
                },
                onError: (e) => toast.show(toMessage(e)),
              },
            )
          }
        />
      )}
    </div>
  );
}
