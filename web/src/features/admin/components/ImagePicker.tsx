import { useId, useState } from 'react';
import { Img } from '@/components/ui/Img';
import { ICON_ACCEPT_WITH_SVG, IMAGE_ACCEPT, MSG } from '../messages';
import { isAcceptedImage } from '../validation';
import { useObjectUrl } from './use-object-url';

/**
 * Thumbnail and icon picker (spec §5): jpeg, png, jpg (svg too where allowed), with a preview
 * of the chosen file, else of the current image.
 */
export function ImagePicker({
  label,
  file,
  onChange,
  currentSrc,
  allowSvg = false,
  buttonText = 'Choose image',
  removable = true,
  hideLabel = false,
}: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  currentSrc?: string | null;
  allowSvg?: boolean;
  buttonText?: string;
  removable?: boolean;
  /** The label only for assistive technology, where a heading above already says it. */
  hideLabel?: boolean;
}) {
  const id = useId();
  const preview = useObjectUrl(file);
  const [error, setError] = useState<string | null>(null);
  const src = preview ?? currentSrc ?? null;

  return (
    <div className="image-picker">
      <span className={hideLabel ? 'visually-hidden' : 'image-picker__label'} id={`${id}-label`}>
        {label}
      </span>
      <div className="image-picker__frame">
        {src ? (
          <Img src={src} alt={`${label} preview`} className="image-picker__preview" />
        ) : (
          <span className="image-picker__empty">No image</span>
        )}
      </div>
      <div className="image-picker__actions">
        <label className="button button--ghost button--small" htmlFor={id}>
          {buttonText}
        </label>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          aria-label={label}
          accept={allowSvg ? ICON_ACCEPT_WITH_SVG : IMAGE_ACCEPT}
          onChange={(e) => {
            const chosen = e.currentTarget.files?.[0] ?? null;
            e.currentTarget.value = '';
            if (!chosen) return;
            if (!isAcceptedImage(chosen, allowSvg)) {
              setError(allowSvg ? MSG.iconTypeWithSvg : MSG.imageType);
              return;
            }
            setError(null);
            onChange(chosen);
          }}
        />
        {file && removable && (
          <button type="button" className="link-button" onClick={() => onChange(null)}>
            Remove
          </button>
        )}
      </div>
      {file && <span className="muted image-picker__name">{file.name}</span>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
