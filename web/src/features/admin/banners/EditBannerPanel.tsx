import { useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { staffImageUrl } from '@/lib/images';
import { useEditBannerVideo } from '../api/banners/edit-banner-video';
import { AccessSwitch } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { TitleField } from '../components/FormParts';
import { ImagePicker } from '../components/ImagePicker';
import { useSaveForm } from '../hooks/use-save-form';
import { MSG } from '../messages';
import type { Banner, Status } from '../types';
import { titleProblem } from '../validation';

/** The edit-banner panel (spec §2): title (required), image and access. */
export function EditBannerPanel({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  const [title, setTitle] = useState(banner.banner_title);
  const [status, setStatus] = useState<Status>(banner.status);
  const [image, setImage] = useState<File | null>(null);
  const edit = useEditBannerVideo();
  const form = useSaveForm();

  return (
    <Modal title="Edit Banner" onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.check(titleProblem(title))) return;
          // The revision the panel opened on: a save after someone else's is refused (409) and says so here.
          edit.mutate(
            { id: banner.id, title: title.trim(), status, revision: banner.revision, image },
            form.saved(MSG.bannerEdited, onClose),
          );
        }}
      >
        <p className="muted">
          {banner.video_title} · {banner.playlist_title} · {banner.group_title}
        </p>
        <HiddenNote banner={banner} />
        <TitleField label="Banner title" value={title} onChange={form.field(setTitle)} />
        <ImagePicker
          label="Banner image"
          file={image}
          onChange={setImage}
          currentSrc={staffImageUrl(banner.banner_image) ?? null}
        />
        <AccessSwitch value={status} onChange={setStatus} />
        <FormAlert message={form.error} />
        <button type="submit" className="button button--primary" disabled={edit.isPending}>
          Save
        </button>
      </form>
    </Modal>
  );
}

/**
 * Why viewers do not see a banner whose own access may be on: the main page shows a banner
 * only while its video, playlist and theme are on too and its video can be played. Nothing
 * when all of that holds.
 */
export function HiddenNote({ banner }: { banner: Banner }) {
  const off = banner.hidden_by.filter((reason) => reason !== 'stream');
  const reasons = [];
  if (off.length > 0) {
    reasons.push(
      off.length === 1 ? `its ${off[0]} is off` : `its ${off.slice(0, -1).join(', ')} and ${off.at(-1)} are off`,
    );
  }
  if (banner.hidden_by.includes('stream')) reasons.push('its video has no stream yet (transcoding or failed)');
  if (reasons.length === 0) return null;
  return <p className="banner-card__hidden">Not on the main page: {reasons.join('; ')}.</p>;
}
