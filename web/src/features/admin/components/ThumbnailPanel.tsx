import { staffImageUrl } from '@/lib/images';
import { ImagePicker } from './ImagePicker';

/**
 * The edit screens' thumbnail panel: the current image (or the file just chosen) and a
 * "Change" button that replaces it at once; a thumbnail cannot be removed, only replaced.
 */
export function ThumbnailPanel({
  file,
  image,
  onReplace,
}: {
  file: File | null;
  image: string | null | undefined;
  onReplace: (file: File) => void;
}) {
  return (
    <section className="panel" aria-label="Thumbnail">
      <h2>Thumbnail</h2>
      <ImagePicker
        label="Thumbnail"
        hideLabel
        buttonText="Change"
        removable={false}
        file={file}
        currentSrc={staffImageUrl(image) ?? null}
        onChange={(chosen) => {
          if (chosen) onReplace(chosen);
        }}
      />
    </section>
  );
}
