import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { staffImageUrl } from '@/lib/images';
import { useDeleteCategory } from '../api/categories/delete-category';
import { useCategories } from '../api/categories/get-categories';
import { StatusBadge } from '../components/AccessSwitch';
import { listState } from '../components/ListState';
import { RowActions } from '../components/RowActions';
import { useNotify } from '../hooks/use-notify';
import { MSG } from '../messages';
import { AddCategoryOverlay } from './AddCategoryOverlay';

/** /categories (spec §2): Icon, Title, Status; a row opens the editor; edit and delete icons. */
export function CategoriesScreen() {
  const q = useCategories();
  const remove = useDeleteCategory();
  const notify = useNotify();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  // Kept while the overlay is closed by an outside click, cleared by its exit icon.
  const [newTitle, setNewTitle] = useState('');
  const closeOverlay = useCallback((clear: boolean) => {
    setAdding(false);
    if (clear) setNewTitle('');
  }, []);

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>CATEGORIES</h1>
        <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
          <IconPlus size={16} /> Add Category
        </button>
      </header>
      {listState(q, q.data?.length === 0, 'No categories yet', MSG.someError) ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--rows admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Icon</th>
                <th scope="col">Title</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(q.data ?? []).map((c) => (
                <tr key={c.id} className="is-clickable" onClick={() => void navigate(`/editCategory/${c.id}`)}>
                  <td>
                    <Img className="admin-table__icon" src={staffImageUrl(c.image)} alt="" />
                  </td>
                  <td>{c.title}</td>
                  <td>
                    <StatusBadge status={c.status} />
                  </td>
                  <td>
                    <RowActions
                      name={c.title}
                      edit={() => void navigate(`/editCategory/${c.id}`)}
                      confirm={MSG.deleteCategoryConfirm}
                      onDelete={() =>
                        remove.mutate(c.id, notify(MSG.categoryRemoved, undefined, MSG.categoryRemoveFailed))
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {adding && <AddCategoryOverlay title={newTitle} onTitleChange={setNewTitle} onClose={closeOverlay} />}
    </div>
  );
}
