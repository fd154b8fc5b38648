import { useState } from 'react';
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
import { SaveFooter, TitleField } from '../components/FormParts';
import { ImagePicker } from '../components/ImagePicker';
import { Loaded } from '../components/Loaded';
import { LookupDropdown } from '../components/LookupDropdown';
import { useNotify } from '../hooks/use-notify';
import { useSaveAndLeave } from '../hooks/use-save-form';
import { MSG } from '../messages';
import type { CategoryWithTags, Status } from '../types';
import { titleProblem } from '../validation';

/** /editCategory/{category_id} (spec §2). */
export function EditCategoryScreen() {
  const id = Number(useParams().categoryId);
  const q = useCategory(id);
  return (
    // The spec's own spelling of the loading state.
    <Loaded query={q} loadingText="loading...">
      {(category) => <EditCategoryForm key={id} category={category} />}
    </Loaded>
  );
}

/**
 * Title (required), icon with Change (svg accepted here), Add Tags, the tag list, Access and
 * Show Videos; Save returns to the list. Tags are added and removed at once; title, icon and
 * access wait for Save, and leaving before it asks first.
 */
function EditCategoryForm({ category }: { category: CategoryWithTags }) {
  const [title, setTitle] = useState(category.title);
  const [status, setStatus] = useState<Status>(category.status);
  const [image, setImage] = useState<File | null>(null);
  const tags = useCategoryTags(category.id);
  const addTag = useAddCategoryTag();
  const removeTag = useRemoveCategoryTag();
  const update = useUpdateCategory();
  const form = useSaveAndLeave();
  const notify = useNotify();
  const toast = useToast();
  const navigate = useNavigate();
  const present = (tags.data ?? category.tags).map((t) => t.id);

  const save = () => {
    if (!form.check(titleProblem(title))) return;
    update.mutate(
      { id: category.id, title: title.trim(), status, image },
      form.leaveAfter(MSG.categoryEdited, '/categories'),
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
      <TitleField required value={title} onChange={form.field(setTitle)} />
      <ImagePicker
        label="Icon"
        buttonText="Change"
        allowSvg
        file={image}
        currentSrc={staffImageUrl(category.image) ?? null}
        onChange={form.field(setImage)}
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
                      notify(MSG.tagRemoved, undefined, MSG.tagRemoveFailed),
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

      <AccessSwitch value={status} onText="Access ON" offText="Access OFF" onChange={form.field(setStatus)} />
      <FormAlert message={form.error} />
      <SaveFooter pending={update.isPending} onSave={save}>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void navigate(categoryHref(category.id, category.title))}
        >
          Show Videos
        </button>
      </SaveFooter>
    </div>
  );
}
