import { useId, useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { useEditBannerVideo } from '../api/banners/edit-banner-video';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { ImagePicker } from '../components/ImagePicker';
import { MSG } from '../messages';
import type { Banner, Status } from '../types';

/** The edit-banner panel (spec §2): title (required), image and access. */
export function EditBannerPanel({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(banner.banner_title);
  const [status, setStatus] = useState<Status>(banner.status);
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditBannerVideo();
  const toast = useToast();

  return (
    <Modal title="Edit Banner" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) {
            setError(MSG.provideTitle);
            return;
          }
          edit.mutate(
            { id: banner.id, title: title.trim(), status, image },
            {
              onSuccess: () => {
                toast.show(MSG.bannerEdited);
                onClose();
              },
              onError: (err) => setError(toMessage(err)),
            },
          );
        }}
      >
        <p className="muted">
          {banner.video_title} · {banner.playlist_title} · {banner.group_title}
        </p>
        <div className="field">
          <label htmlFor={`${id}-title`}>Banner title</label>
          <input
            id={`${id}-title`}
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
          />
        </div>
        <ImagePicker label="Banner image" file={image} onChange={setImage} />
        <AccessSwitch value={status} onChange={setStatus} />
        <FormAlert message={error} />
        <button type="submit" className="button button--primary" disabled={edit.isPending}>
          Save
        </button>
      </form>
    </Modal>
  );
}
