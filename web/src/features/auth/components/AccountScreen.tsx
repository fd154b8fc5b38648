import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/toast';
import { ApiError, toMessage } from '@/lib/api/client';
import type { User } from '@/lib/api/types';
import { hasOwnAccount, useLogout, useUser } from '@/lib/auth';
import { useDeleteMe } from '../api/delete-me';
import { useChangePassword } from '../api/set-password';
import { useUpdateMe } from '../api/update-me';
import {
  MESSAGES,
  normalizePhone,
  serverFieldErrors,
  validateDetails,
  validatePasswordChange,
  type DetailsForm,
  type FieldErrors,
  type PasswordChangeForm,
} from '../validation';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';

export const ACCOUNT_MESSAGES = {
  saved: 'Your details are saved.',
  passwordChanged: 'Password changed. Other devices are signed out.',
  passwordChangedSignIn: 'Password changed. Please sign in with your new password.',
  deleted: 'Your account has been deleted. We are sorry to see you go.',
} as const;

/** What a failed call says: the field errors of a 400 in djoser's shape, else one message. */
function failure(error: unknown): { fields: FieldErrors; message: string | null } {
  if (error instanceof ApiError && error.status === 400) {
    const fields = serverFieldErrors(error.body);
    const { non_field_errors: general, ...rest } = fields;
    if (Object.keys(rest).length > 0 || general) return { fields: rest, message: general ?? null };
  }
  return { fields: {}, message: toMessage(error) };
}

/** /account: the signed-in person's details, password and account (RequireUser sends others to sign in). */
export function AccountScreen() {
  const { data: user } = useUser();
  if (!user) return null;
  return (
    <div className="page account">
      <header className="page__header">
        <h1>Account</h1>
      </header>
      {hasOwnAccount(user) ? (
        <div className="account__sections">
          <DetailsSection user={user} />
          <PasswordSection user={user} />
          <DeleteSection user={user} />
        </div>
      ) : (
        // The shared guest account of the auth=1 link: nothing of it is anyone's to change.
        <section className="account__section">
          <p>You are watching as a guest. Sign up for an account of your own to keep your details and playlists.</p>
          <Link to="/register" className="button button--primary">
            Sign Up
          </Link>
        </section>
      )}
    </div>
  );
}

function DetailsSection({ user }: { user: User }) {
  const [form, setForm] = useState<DetailsForm>({
    first_name: user.first_name,
    last_name: user.last_name,
    mobile_number: user.mobile_number,
  });
  const [promo, setPromo] = useState(user.gives_permission);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateMe();
  const set = (key: keyof DetailsForm) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setSaved(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError(null);
    const invalid = validateDetails(form);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    update.mutate(
      {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        mobile_number: normalizePhone(form.mobile_number),
        gives_permission: promo,
      },
      {
        onSuccess: (next) => {
          setForm({ first_name: next.first_name, last_name: next.last_name, mobile_number: next.mobile_number });
          setPromo(next.gives_permission);
          setSaved(true);
        },
        onError: (err) => {
          const { fields, message } = failure(err);
          setErrors(fields);
          setError(message);
        },
      },
    );
  };

  return (
    <section className="account__section" aria-labelledby="account-details">
      <h2 id="account-details" className="section-title">
        Details
      </h2>
      <form noValidate onSubmit={submit}>
        <TextField label="E-mail" type="email" value={user.email} readOnly aria-readonly="true" />
        <div className="field-row">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={form.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={form.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
          />
        </div>
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="+15551234567"
          value={form.mobile_number}
          onChange={set('mobile_number')}
          error={errors.mobile_number}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={promo}
            onChange={(e) => {
              setPromo(e.target.checked);
              setSaved(false);
            }}
          />
          <span>Send me promotional e-mails</span>
        </label>
        <FormError message={error ?? errors.gives_permission ?? null} />
        {saved && (
          <p className="account__success" role="status">
            {ACCOUNT_MESSAGES.saved}
          </p>
        )}
        <SubmitButton loading={update.isPending}>Save</SubmitButton>
      </form>
    </section>
  );
}

const NO_PASSWORDS: PasswordChangeForm = { current_password: '', new_password: '', re_new_password: '' };

function PasswordSection({ user }: { user: User }) {
  const [form, setForm] = useState(NO_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();
  const toast = useToast();
  const logout = useLogout();
  const set = (key: keyof PasswordChangeForm) => (e: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setDone(false);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    setError(null);
    const invalid = validatePasswordChange(form);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    change.mutate(
      { ...form, email: user.email },
      {
        onSuccess: (signedIn) => {
          setForm(NO_PASSWORDS);
          if (signedIn) {
            setDone(true);
          } else {
            // Changed, but this tab could not sign in again by itself: the sign-in page, back here after.
            toast.show(ACCOUNT_MESSAGES.passwordChangedSignIn, 8000);
            logout();
          }
        },
        onError: (err) => {
          const { fields, message } = failure(err);
          // The api reports a mismatch as non_field_errors; here it belongs to the confirmation.
          if (message === MESSAGES.mismatch) {
            setErrors({ ...fields, re_new_password: message });
            return;
          }
          setErrors(fields);
          setError(message);
        },
      },
    );
  };

  return (
    <section className="account__section" aria-labelledby="account-password">
      <h2 id="account-password" className="section-title">
        Change password
      </h2>
      <form noValidate onSubmit={submit}>
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={form.current_password}
          onChange={set('current_password')}
          error={errors.current_password}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={form.new_password}
          onChange={set('new_password')}
          error={errors.new_password}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={form.re_new_password}
          onChange={set('re_new_password')}
          error={errors.re_new_password}
        />
        <FormError message={error} />
        {done && (
          <p className="account__success" role="status">
            {ACCOUNT_MESSAGES.passwordChanged}
          </p>
        )}
        <SubmitButton loading={change.isPending}>Change password</SubmitButton>
      </form>
    </section>
  );
}

function DeleteSection({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="account__section account__section--danger" aria-labelledby="account-delete">
      <h2 id="account-delete" className="section-title">
        Delete account
      </h2>
      {user.is_staff ? (
        <p className="muted">
          Staff accounts cannot be deleted here. Ask another administrator to remove your staff access first.
        </p>
      ) : (
        <>
          <p className="muted">
            This deletes your account, your playlists and where you stopped watching. It cannot be undone.
          </p>
          <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
            Delete account…
          </button>
          {open && <DeleteDialog onClose={() => setOpen(false)} />}
        </>
      )}
    </section>
  );
}

function DeleteDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteMe();
  const navigate = useNavigate();
  const logout = useLogout();
  const toast = useToast();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(MESSAGES.currentPassword);
      return;
    }
    setError(null);
    remove.mutate(
      { current_password: password },
      {
        onSuccess: () => {
          // Signed out before the main page renders: it would ask for the account's playlists
          // and positions with tokens that died with the account. The page is left at once
          // (flushSync), before this guarded screen hears of the sign-out and sends to /login.
          logout();
          void navigate('/', { flushSync: true });
          toast.show(ACCOUNT_MESSAGES.deleted, 10_000);
        },
        onError: (err) => {
          const { fields, message } = failure(err);
          setError(fields.current_password ?? message);
        },
      },
    );
  };

  return (
    <Modal title="Delete your account?" onClose={onClose} className="account__dialog">
      <form noValidate onSubmit={submit}>
        <p>Your account, your playlists and where you stopped watching are deleted for good.</p>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error}
        />
        <div className="account__dialog-actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--danger"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
          >
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
