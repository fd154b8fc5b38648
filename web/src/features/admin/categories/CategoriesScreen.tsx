import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconPlus } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { Pagination } from '@/components/ui/Pagination';
import { countLabel } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useDeleteCategory } from '../api/categories/delete-category';
import { useCategoryPage, type CategoryPageQuery } from '../api/categories/browse-categories';
import { StatusBadge } from '../components/AccessSwitch';
import { ACCESS_OPTIONS, FilterSelect, ListOptions, MembershipFilter, SortHeader } from '../components/ListControls';
import { listState } from '../components/ListState';
import { TagPickerDialog } from '../components/PickerDialogs';
import { RowActions } from '../components/RowActions';
import { noSuggestions, SuggestSearch } from '../components/SuggestSearch';
import { useListParams, useListSort } from '../hooks/use-list-params';
import { useNotify } from '../hooks/use-notify';
import { MSG } from '../messages';
import { AddCategoryOverlay } from './AddCategoryOverlay';

const SORTS = [
  { value: 'title', label: 'Title' },
  { value: 'access', label: 'Access' },
] as const;

/** The api's default: by title, the order viewers see (categories have no hand order). */
const CATEGORY_ORDER = { fallback: 'title', dated: [], rankSearch: false } as const;

/**
 * /categories (spec §2): Icon, Title, Status; a row opens the editor; edit and delete icons.
 * Issue 15: sorted (title, access), filtered (title, access, a tag they carry), 10 to 100 per
 * page, the view in the address.
 */
export function CategoriesScreen() {
  const list = useListParams();
  const { get } = list;
  const { sort, direction, order } = useListSort(list, CATEGORY_ORDER);
  const tag = Number(get('tag')) || undefined;
  const q = useCategoryPage({
    q: get('q') || undefined,
    access: (get('access') || undefined) as CategoryPageQuery['access'],
    tag,
    sort: sort as CategoryPageQuery['sort'],
    order,
    page: list.page,
    page_size: list.pageSize,
  });
  const [choosingTag, setChoosingTag] = useState(false);
  const [tagTitle, setTagTitle] = useState<string | undefined>();
  const categories = q.data?.categories ?? [];
  const total = q.data?.categoryLength ?? 0;
  const filtered = Boolean(get('q') || get('access') || tag);
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
      <div className="admin-toolbar">
        <SuggestSearch
          key={get('q')}
          label="Search categories"
          initial={get('q')}
          suggestions={noSuggestions}
          onSearch={(text) => list.set({ q: text })}
        />
        {q.data && <span className="muted">{countLabel(total, 'category', 'categories')}</span>}
      </div>
      <ListOptions list={list} sorts={SORTS} active={sort} direction={direction}>
        <FilterSelect list={list} name="access" label="Access" options={ACCESS_OPTIONS} />
        <MembershipFilter
          label="Tag"
          id={tag}
          title={tagTitle}
          onChoose={() => setChoosingTag(true)}
          onClear={() => list.set({ tag: null })}
        />
      </ListOptions>
      {listState(q, categories.length === 0, filtered ? MSG.noSearchResult : 'No categories yet', MSG.someError) ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--rows admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Icon</th>
                <SortHeader list={list} sort="title" label="Title" active={sort} direction={direction} />
                <SortHeader list={list} sort="access" label="Status" active={sort} direction={direction} />
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((c) => (
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
      <Pagination page={list.page} pages={Math.ceil(total / list.pageSize)} onChange={(n) => list.set({ page: n })} />
      {choosingTag && (
        <TagPickerDialog
          title="Show the categories carrying a tag"
          onPick={(t) => {
            setChoosingTag(false);
            setTagTitle(t.title);
            list.set({ tag: t.id });
          }}
          onClose={() => setChoosingTag(false)}
        />
      )}
      {adding && <AddCategoryOverlay title={newTitle} onTitleChange={setNewTitle} onClose={closeOverlay} />}
    </div>
  );
}
