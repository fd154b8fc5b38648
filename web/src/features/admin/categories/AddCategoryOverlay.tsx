import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconClose } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { useAddCategory } from '../api/categories/add-category';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { ImagePicker } from '../components/ImagePicker';
import { MSG } from '../messages';
import type { Status } from '../types';

/**
 * The Add Category overlay (spec §2): ADD TITLE, an ON/OFF toggle (default OFF), an icon
 * (jpeg, png, jpg) with preview, and Save. An outside click (or Escape) closes it and keeps
 * the title for next time; the exit icon closes it and clears the title.
 */
export function AddCategoryOverlay({
  title,
  onTitleChange,
  onClose,
}: {
  title: string;
  onTitleChange: (title: string) => void;
  onClose: (clearTitle: boolean) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<Status>(0);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useAddCategory();
  const toast = useToast();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const save = () => {
    if (!title.trim()) {
      setError(MSG.provideTitle);
      return;
    }
    add.mutate(
      { title: title.trim(), status, image },
      {
        onSuccess: () => {
          toast.show(MSG.categoryAdded);
          onClose(true);
        },
        onError: (e) => {
          toast.show(MSG.categoryAddFailed);
          setError(toMessage(e));
        },
      },
    );
  };

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="overlay-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose(false);
      }}
    >
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={`${id}-heading`}>
        <header className="modal__header">
          <h2 id={`${id}-heading`}>Add Category</h2>
          <button type="button" className="icon-button" aria-label="Exit" onClick={() => onClose(true)}>
            <IconClose />
          </button>
        </header>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-title`}>ADD TITLE</label>
            <input
              id={`${id}-title`}
              value={title}
              autoFocus
              onChange={(e) => {
                onTitleChange(e.target.value);
                setError(null);
              }}
            />
          </div>
          <AccessSwitch label="Status" value={status} onChange={setStatus} onText="ON" offText="OFF" />
          <ImagePicker label="Icon" file={image} onChange={setImage} />
          <FormAlert message={error} />
          <button type="submit" className="button button--primary" disabled={add.isPending}>
            Save
          </button>
        </form>
      </div>
    </div>,
    document.body,
  );
}
