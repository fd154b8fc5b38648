import { useId, useState, type InputHTMLAttributes } from 'react';
import { IconEye, IconEyeOff } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/Loading';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the input and announced with it (aria-describedby). */
  error?: string | null;
};

function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

export function TextField({ label, error, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

/** Password input with a show / hide toggle. */
export function PasswordField({ label, error, ...rest }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__with-button">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...rest}
        />
        <button
          type="button"
          className="icon-button field__toggle"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </button>
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

export function SubmitButton({ loading, children }: { loading: boolean; children: string }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={loading} aria-busy={loading}>
      {loading ? <Spinner label={`${children}…`} /> : children}
    </button>
  );
}
