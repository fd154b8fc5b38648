import { useState } from 'react';
import { useParams } from 'react-router';
import { IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { countLabel, formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useAddPlaylistToGroup } from '../api/playlists/add-playlist-to-group';
import { useDeletePlaylistFromGroup } from '../api/playlists/delete-playlist-from-group';
import { useEditGroup } from '../api/themes/edit-group';
import { useGroupInfo } from '../api/themes/get-group-info';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { SaveFooter, TitleField } from '../components/FormParts';
import { Loaded } from '../components/Loaded';
import { EditPageHeader } from '../components/PageHeader';
import { PlaylistPickerDialog } from '../components/PickerDialogs';
import { SortableList } from '../components/SortableList';
import { useNotify } from '../hooks/use-notify';
import { useRevision } from '../hooks/use-revision';
import { useSaveAndLeave } from '../hooks/use-save-form';
import { MSG } from '../messages';
import { PlaylistRowActions } from '../playlists/PlaylistRowActions';
import type { GroupInfo, GroupMembership, GroupPlaylist, RevisionMessage, Status } from '../types';
import { moveItem, positionsOf, titleProblem, withoutItem } from '../validation';

/** /editTheme/{group_id} (spec §2). */
export function EditThemeScreen() {
  const id = Number(useParams().groupId);
  const q = useGroupInfo(id);
  return <Loaded query={q}>{(group) => <EditThemeForm key={id} group={group} />}</Loaded>;
}

/**
 * Title, Access ON/OFF and the theme's playlists: drag to reorder, and per playlist edit, add
 * to (another) group and delete from this group; and add a playlist to it. Order, title and
 * access are saved together by Save; adding and removing a playlist take effect at once.
 */
function EditThemeForm({ group }: { group: GroupInfo }) {
  const [title, setTitle] = useState(group.title);
  const [status, setStatus] = useState<Status>(group.status);
  const [playlists, setPlaylists] = useState<GroupPlaylist[]>(() =>
    [...group.playlists].sort((a, b) => a.position - b.position),
  );
  const [picking, setPicking] = useState(false);
  const { revision, follow } = useRevision(group.revision);
  const edit = useEditGroup();
  const addToGroup = useAddPlaylistToGroup();
  const removeFromGroup = useDeletePlaylistFromGroup();
  const form = useSaveAndLeave();
  const notify = useNotify();

  const save = () => {
    if (!form.check(titleProblem(title))) return;
    edit.mutate(
      { id: group.id, data: { title: title.trim(), status, positions: positionsOf(playlists), revision } },
      form.leaveAfter(MSG.groupEdited, '/themes'),
    );
  };

  return (
    <div className="admin-page">
      <EditPageHeader title="EDIT THEME" back="/themes" backText="Back to themes" />
      <TitleField value={title} onChange={form.field(setTitle)} />
      <AccessSwitch value={status} onText="Access ON" offText="Access OFF" onChange={form.field(setStatus)} />
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
              form.changed();
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
                <PlaylistRowActions
                  playlist={p}
                  inGroup={group.id}
                  iconSize={16}
                  confirm={MSG.deletePlaylistFromGroupConfirm}
                  deleteLabel={`Delete ${p.title} from group`}
                  onDelete={() =>
                    removeFromGroup.mutate(
                      { groupId: group.id, playlistId: p.id },
                      notify(MSG.playlistDeletedFromGroup, (answer: RevisionMessage) => {
                        follow(answer.revision);
                        setPlaylists((list) => withoutItem(list, p.id));
                      }),
                    )
                  }
                />
              </div>
            )}
          </SortableList>
        )}
      </section>
      <FormAlert message={form.error} />
      <SaveFooter pending={edit.isPending} onSave={save} />
      {picking && (
        <PlaylistPickerDialog
          title={`Add a playlist to ${group.title}`}
          exclude={playlists.map((p) => p.id)}
          busy={addToGroup.isPending}
          onClose={() => setPicking(false)}
          onPick={(p) =>
            addToGroup.mutate(
              { groupId: group.id, playlistId: p.id },
              notify(MSG.playlistAddedToGroup, (answer: GroupMembership) => {
                follow(answer.revision);
                setPlaylists((list) => [...list, { ...p, position: list.length + 1 }]);
                setPicking(false);
              }),
            )
          }
        />
      )}
    </div>
  );
}
