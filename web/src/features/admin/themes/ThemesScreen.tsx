import { useState } from 'react';
import { Link } from 'react-router';
import { IconPlus } from '@/components/ui/icons';
import { Modal } from '@/components/ui/Modal';
import { countLabel } from '@/lib/format';
import { useAddGroup } from '../api/themes/add-group';
import { useArrangeGroups } from '../api/themes/arrange-groups';
import { useDeleteGroup } from '../api/themes/delete-group';
import { useGroups } from '../api/themes/get-groups';
import { StatusBadge } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { TitleField } from '../components/FormParts';
import { listState } from '../components/ListState';
import { RowActions } from '../components/RowActions';
import { SortableList } from '../components/SortableList';
import { useNotify } from '../hooks/use-notify';
import { useSaveForm } from '../hooks/use-save-form';
import { MSG } from '../messages';
import { titleProblem } from '../validation';

/**
 * /themes (spec §2): title, position, number of playlists and ON/OFF; drag to reorder (saved at
 * once through arrange_groups), edit, delete and an add dialog.
 */
export function ThemesScreen() {
  const q = useGroups();
  const arrange = useArrangeGroups();
  const remove = useDeleteGroup();
  const notify = useNotify();
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
          <SortableList label="Themes" items={groups} itemLabel={(g) => g.title} onMove={arrange(groups)}>
            {(g) => (
              <div className="sortable-row sortable-row--theme">
                <Link to={`/editTheme/${g.id}`} className="sortable-row__title">
                  {g.title}
                </Link>
                <span aria-label="Position">{g.position}</span>
                <span>{countLabel(g.number_of_playlists, 'playlist')}</span>
                <StatusBadge status={g.status} />
                <RowActions
                  name={g.title}
                  edit={`/editTheme/${g.id}`}
                  confirm={MSG.deleteGroupConfirm}
                  onDelete={() => remove.mutate(g.id, notify(MSG.groupDeleted))}
                />
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
  const [title, setTitle] = useState('');
  const add = useAddGroup();
  const form = useSaveForm();
  return (
    <Modal title="Add Theme" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.check(titleProblem(title))) return;
          add.mutate(title.trim(), form.saved(MSG.groupAdded, onClose));
        }}
      >
        <TitleField value={title} onChange={form.field(setTitle)} />
        <FormAlert message={form.error} />
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Save
        </button>
      </form>
    </Modal>
  );
}
