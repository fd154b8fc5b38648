import { useId, type ReactNode } from 'react';

/** A form's title input (labelled "Title" unless told). */
export function TitleField({
  label = 'Title',
  value,
  onChange,
  required = false,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required={required} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** An admin page's footer: other actions first, then Save, disabled while it runs. */
export function SaveFooter({
  pending,
  onSave,
  children,
}: {
  pending: boolean;
  onSave: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="admin-page__footer">
      {children}
      <button type="button" className="button button--primary" disabled={pending} onClick={onSave}>
        {pending ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}
