import { useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { IconBack, IconTrash } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { staffImageUrl } from '@/lib/images';
import { categoryHref } from '@/lib/links';
import { useAddCategoryTag } from '../api/categories/add-category-tag';
import { useCategory } from '../api/categories/get-category';
import { useCategoryTags } from '../api/categories/get-category-tags';
import { useRemoveCategoryTag } from '../api/categories/remove-category-tag';
import { useUpdateCategory } from '../api/categories/update-category';
import { getTags } from '../api/lookups/get-tags';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { ImagePicker } from '../components/ImagePicker';
import { LookupDropdown } from '../components/LookupDropdown';
import { MSG } from '../messages';
import type { CategoryWithTags, Status } from '../types';
import { useDirtyFlag } from '../unsaved-changes';

/** /editCategory/{category_id} (spec §2). */
export function EditCategoryScreen() {
  const id = Number(useParams().categoryId);
  const q = useCategory(id);
  // The spec's own spelling of these two states.
  if (q.isPending) return <p className="loading admin-page">loading...</p>;
  if (q.isError) {
    return (
      <div className="admin-page" role="alert">
        <p className="error-text">{MSG.someError}</p>
      </div>
    );
  }
  return <EditCategoryForm key={id} category={q.data} />;
}

/**
 * Title (required), icon with Change (svg accepted here), Add Tags, the tag list, Access and
 * Show Videos; Save returns to the list. Tags are added and removed at once; title, icon and
 * access wait for Save, and leaving before it asks first.
 */
function EditCategoryForm({ category }: { category: CategoryWithTags }) {
  const id = useId();
  const [title, setTitle] = useState(category.title);
  const [status, setStatus] = useState<Status>(category.status);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tags = useCategoryTags(category.id);
  const addTag = useAddCategoryTag();
  const removeTag = useRemoveCategoryTag();
  const update = useUpdateCategory();
  const setDirty = useDirtyFlag();
  const toast = useToast();
  const navigate = useNavigate();
  const present = (tags.data ?? category.tags).map((t) => t.id);

  const save = () => {
    if (!title.trim()) {
      setError(MSG.provideTitle);
      return;
    }
    update.mutate(
      { id: category.id, title: title.trim(), status, image },
      {
        onSuccess: () => {
          toast.show(MSG.categoryEdited);
          setDirty(false);
          void navigate('/categories');
        },
        onError: (e) => setError(toMessage(e)),
      },
    );
  };

  return (
    <div className="admin-page admin-page--narrow">
      <header className="admin-page__header">
        <button
          type="button"
          className="icon-button back-arrow"
          aria-label="Back"
          onClick={() => void navigate('/categories')}
        >
          <IconBack />
        </button>
        <h1>EDIT CATEGORY</h1>
      </header>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          required
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(null);
            setDirty(true);
          }}
        />
      </div>
      <ImagePicker
        label="Icon"
        buttonText="Change"
        allowSvg
        file={image}
        currentSrc={staffImageUrl(category.image) ?? null}
        onChange={(f) => {
          setImage(f);
          setDirty(true);
        }}
      />

      <section className="panel" aria-label="Tags">
        <div className="panel__header">
          <h2>Tags</h2>
          <LookupDropdown
            label="Add Tags"
            name="tags"
            extraKey={category.id}
            fetcher={(q, page, signal) => getTags(q, page, signal, category.id)}
            exclude={present}
            lowercase
            onPick={(tag) =>
              addTag.mutateAsync({ tagId: tag.id, categoryId: category.id }).then(
                () => {
                  toast.show(MSG.tagAdded);
                },
                () => {
                  toast.show(MSG.tagAddFailed);
                },
              )
            }
          />
        </div>
        {tags.isPending ? (
          <p className="loading">{MSG.loading}</p>
        ) : tags.isError ? (
          <p className="error-text">{toMessage(tags.error)}</p>
        ) : tags.data.length === 0 ? (
          <p className="muted">{MSG.noTags}</p>
        ) : (
          <ul className="tag-list" aria-label="Category tags">
            {tags.data.map((t) => (
              <li key={t.id} className="chip">
                {t.title.toLowerCase()}
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={`Remove tag ${t.title}`}
                  onClick={() => {
                    if (!window.confirm(MSG.deleteTagConfirm)) return;
                    removeTag.mutate(
                      { tagId: t.id, categoryId: category.id },
                      {
                        onSuccess: () => toast.show(MSG.tagRemoved),
                        onError: () => toast.show(MSG.tagRemoveFailed),
                      },
                    );
                  }}
                >
                  <IconTrash size={14} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <AccessSwitch
        value={status}
        onText="Access ON"
        offText="Access OFF"
        onChange={(v) => {
          setStatus(v);
          setDirty(true);
        }}
      />
      <FormAlert message={error} />
      <div className="admin-page__footer">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void navigate(categoryHref(category.id, category.title))}
        >
          Show Videos
        </button>
        <button type="button" className="button button--primary" disabled={update.isPending} onClick={save}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}
