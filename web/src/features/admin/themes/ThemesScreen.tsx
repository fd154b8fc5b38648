import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { countLabel } from '@/lib/format';
import { useAddGroup } from '../api/themes/add-group';
import { useArrangeGroups } from '../api/themes/arrange-groups';
import { useDeleteGroup } from '../api/themes/delete-group';
import { groupsQueryOptions, useGroups } from '../api/themes/get-groups';
import { StatusBadge } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { listState } from '../components/ListState';
import { SortableList } from '../components/SortableList';
import { MSG } from '../messages';
import type { Group } from '../types';
import { moveItem } from '../validation';

/**
 * /themes (spec §2): title, position, number of playlists and ON/OFF; drag to reorder (saved at
 * once through arrange_groups), edit, delete and an add dialog.
 */
export function ThemesScreen() {
  const q = useGroups();
  const queryClient = useQueryClient();
  const arrange = useArrangeGroups();
  const remove = useDeleteGroup();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const groups = q.data ?? [];
  const state = listState(q, groups.length === 0, 'No themes yet');

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>THEMES</h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <IconPlus size={16} /> Add Theme
        </button>
      </header>
      {state ?? (
        <>
          <div className="list-head" aria-hidden="true">
            <span>Title</span>
            <span>Position</span>
            <span>Playlists</span>
            <span>Status</span>
            <span>Actions</span>
          </div>
          <SortableList
            label="Themes"
            items={groups}
            itemLabel={(g) => g.title}
            onMove={(active, over) => {
              const moved = moveItem(groups, active, over);
              if (!moved) return;
              // Shown at once; the server's answer replaces it (or a failure reloads it).
              queryClient.setQueryData<Group[]>(groupsQueryOptions().queryKey, moved.items);
              arrange.mutate({ from: moved.from, to: moved.to }, { onError: (e) => toast.show(toMessage(e)) });
            }}
          >
            {(g) => (
              <div className="sortable-row sortable-row--theme">
                <Link to={`/editTheme/${g.id}`} className="sortable-row__title">
                  {g.title}
                </Link>
                <span aria-label="Position">{g.position}</span>
                <span>{countLabel(g.number_of_playlists, 'playlist')}</span>
                <StatusBadge status={g.status} />
                <span className="row-actions">
                  <Link
                    to={`/editTheme/${g.id}`}
                    className="button button--ghost button--small"
                    aria-label={`Edit ${g.title}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete ${g.title}`}
                    onClick={() => {
                      if (!window.confirm(MSG.deleteGroupConfirm)) return;
                      remove.mutate(g.id, {
                        onSuccess: () => toast.show(MSG.groupDeleted),
                        onError: (e) => toast.show(toMessage(e)),
                      });
                    }}
                  >
                    <IconTrash size={18} />
                  </button>
                </span>
              </div>
            )}
          </SortableList>
        </>
      )}
      {adding && <AddThemeDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

/** The add-theme dialog: a title (required). */
function AddThemeDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddGroup();
  const toast = useToast();
  return (
    <Modal title="Add Theme" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) {
            setError(MSG.provideTitle);
            return;
          }
          add.mutate(title.trim(), {
            onSuccess: () => {
              toast.show(MSG.groupAdded);
              onClose();
            },
            onError: (err) => setError(toMessage(err)),
          });
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
            }}
          />
        </div>
        <FormAlert message={error} />
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Save
        </button>
      </form>
    </Modal>
  );
}
