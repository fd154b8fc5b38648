import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/Modal';
import { Pagination } from '@/components/ui/Pagination';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { SEARCH_TEXT_MAX_LENGTH } from '@/lib/constants';
import { countLabel } from '@/lib/format';
import {
  useEditTaxonomy,
  useTaxonomy,
  type TaxonomyEdit,
  type TaxonomyItem,
  type TaxonomyKind,
} from '../api/taxonomy/taxonomy';
import { listState } from '../components/ListState';
import { PickerList, PickerSearch, usePickerSearch } from '../components/Picker';
import { RowActions } from '../components/RowActions';
import { useListParams } from '../hooks/use-list-params';
import { MSG } from '../messages';

const KINDS: { kind: TaxonomyKind; label: string; noun: string }[] = [
  { kind: 'tags', label: 'Tags', noun: 'tag' },
  { kind: 'video_genres', label: 'Video genres', noun: 'video genre' },
  { kind: 'genres', label: 'Genres', noun: 'genre' },
  { kind: 'moods', label: 'Moods', noun: 'mood' },
  { kind: 'activities', label: 'Activities', noun: 'activity' },
];

/** "12 videos and 1 other use": what the delete question and the list say an item is used by. */
export function usesText(item: Pick<TaxonomyItem, 'videos' | 'others'>): string {
  const videos = countLabel(item.videos, 'video');
  return item.others ? `${videos} and ${countLabel(item.others, 'other use')}` : videos;
}

/**
 * /taxonomy (issue 15): tags, video genres, genres, moods and activities with what uses each;
 * rename, merge into another (every link moves) and delete after a question naming the uses.
 * Kind, search and page live in the address.
 */
export function TaxonomyScreen() {
  const list = useListParams();
  const kind = (KINDS.find((k) => k.kind === list.get('kind')) ?? KINDS[0]!).kind;
  const meta = KINDS.find((k) => k.kind === kind)!;
  const q = useTaxonomy(kind, { q: list.get('q') || undefined, page: list.page, page_size: list.pageSize });
  const edit = useEditTaxonomy();
  const toast = useToast();
  const [renaming, setRenaming] = useState<TaxonomyItem | null>(null);
  const [merging, setMerging] = useState<TaxonomyItem | null>(null);
  const [text, setText] = useState(list.get('q'));

  const run = (change: TaxonomyEdit, then?: () => void) =>
    edit.mutate(change, {
      onSuccess: (message) => {
        toast.show(message);
        then?.();
      },
      onError: (e) => toast.show(toMessage(e)),
    });

  const items = q.data?.items ?? [];
  const pages = Math.ceil((q.data?.length ?? 0) / list.pageSize);
  const state = listState(q, items.length === 0, list.get('q') ? MSG.noSearchResult : MSG.noResult);

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>TAGS &amp; GENRES</h1>
      </header>
      <nav className="taxonomy-tabs" aria-label="Kinds">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            className={`button button--ghost button--small${k.kind === kind ? ' is-active' : ''}`}
            aria-current={k.kind === kind ? 'page' : undefined}
            onClick={() => {
              setText('');
              list.set({ kind: k.kind, q: null });
            }}
          >
            {k.label}
          </button>
        ))}
      </nav>
      <form
        className="admin-toolbar"
        role="search"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          list.set({ q: text.trim() });
        }}
      >
        <input
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          aria-label={`Search ${meta.label.toLowerCase()}`}
          placeholder={`Search ${meta.label.toLowerCase()}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button--ghost button--small">
          Search
        </button>
        {q.data && <span className="muted">{countLabel(q.data.length, meta.noun)}</span>}
      </form>
      {state ?? (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Used by</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td className="card-cell--title">{item.title}</td>
                  <td data-label="Used by">{usesText(item)}</td>
                  <td className="card-cell--actions">
                    <RowActions
                      name={item.title}
                      edit={() => setRenaming(item)}
                      confirm={`Delete ${meta.noun} "${item.title}"? It is used by ${usesText(item)}.`}
                      onDelete={() => run({ kind, id: item.id, remove: true })}
                    >
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Merge ${item.title}`}
                        onClick={() => setMerging(item)}
                      >
                        Merge
                      </button>
                    </RowActions>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={list.page} pages={pages} onChange={(n) => list.set({ page: n })} />

      {renaming && (
        <RenameDialog
          noun={meta.noun}
          item={renaming}
          busy={edit.isPending}
          onSave={(title) => run({ kind, id: renaming.id, rename: title }, () => setRenaming(null))}
          onClose={() => setRenaming(null)}
        />
      )}
      {merging && (
        <MergeDialog
          kind={kind}
          noun={meta.noun}
          item={merging}
          busy={edit.isPending}
          onPick={(into) => {
            const question = `Merge "${merging.title}" (${usesText(merging)}) into "${into.title}"? "${merging.title}" is deleted.`;
            if (window.confirm(question)) run({ kind, id: merging.id, into: into.id }, () => setMerging(null));
          }}
          onClose={() => setMerging(null)}
        />
      )}
    </div>
  );
}

function RenameDialog({
  noun,
  item,
  busy,
  onSave,
  onClose,
}: {
  noun: string;
  item: TaxonomyItem;
  busy: boolean;
  onSave: (title: string) => void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(item.title);
  return (
    <Modal title={`Rename the ${noun} "${item.title}"`} onClose={onClose} className="picker">
      <form
        className="filter-box__actions"
        onSubmit={(e) => {
          e.preventDefault();
          onSave(title);
        }}
      >
        <input aria-label="New name" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} />
        <button type="submit" className="button button--primary button--small" disabled={busy || !title.trim()}>
          Save
        </button>
      </form>
    </Modal>
  );
}

/** Choose the name that takes over: same kind, searchable, the merged one left out. */
function MergeDialog({
  kind,
  noun,
  item,
  busy,
  onPick,
  onClose,
}: {
  kind: TaxonomyKind;
  noun: string;
  item: TaxonomyItem;
  busy: boolean;
  onPick: (into: TaxonomyItem) => void;
  onClose: () => void;
}) {
  const { text, query, page, setPage, search } = usePickerSearch();
  const q = useTaxonomy(kind, { q: query || undefined, page, page_size: 10 });
  const items = q.data?.items.filter((i) => i.id !== item.id) ?? [];
  return (
    <Modal title={`Merge "${item.title}" into another ${noun}`} onClose={onClose} className="picker">
      <PickerSearch label={`Search ${noun}s`} value={text} onChange={search} />
      {listState(q, items.length === 0) ?? (
        <PickerList label={`${noun}s`} items={items} busy={busy} onPick={onPick}>
          {(i) => (
            <>
              <span>{i.title}</span>
              <span className="muted">{usesText(i)}</span>
            </>
          )}
        </PickerList>
      )}
      <Pagination page={page} pages={Math.ceil((q.data?.length ?? 0) / 10)} onChange={setPage} />
    </Modal>
  );
}
