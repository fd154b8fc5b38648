import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, toMessage } from '@/lib/api/client';
import { serverFieldErrors, type FieldErrors } from '../validation';

export type Failure = { fields: FieldErrors; message: string | null };

/** What a failed call says: the field errors of a 400 in djoser's shape, else one message. */
export function failure(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 400) {
    const fields = serverFieldErrors(error.body);
    const { non_field_errors: general, ...rest } = fields;
    if (Object.keys(rest).length > 0 || general) return { fields: rest, message: general ?? null };
  }
  return { fields: {}, message: toMessage(error) };
}

/**
 * One form of the account page: its values, each field's error, the form's message and `done`
 * for the success line. A change drops `done`; `submit(send)` checks the form with `validate`
 * and calls `send` only when every field passes; `refused` shows a failed call's errors.
 */
export function useAccountForm<F extends Record<string, string>>(initial: F, validate: (form: F) => FieldErrors) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const set = (key: keyof F) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setDone(false);
  };

  const submit = (send: (form: F) => void) => (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setError(null);
    const invalid = validate(form);
    setErrors(invalid);
    if (Object.keys(invalid).length === 0) send(form);
  };

  const refused = ({ fields, message }: Failure) => {
    setErrors(fields);
    setError(message);
  };

  return { form, setForm, set, errors, error, done, setDone, submit, refused };
}
