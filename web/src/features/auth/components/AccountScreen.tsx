import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '@/components/ui/Modal';
import { useToast } from '@/components/ui/toast';
import type { User } from '@/lib/api/types';
import { hasOwnAccount, useLogout, useUser } from '@/lib/auth';
import { useDeleteMe } from '../api/delete-me';
import { useChangePassword } from '../api/set-password';
import { useUpdateMe } from '../api/update-me';
import { failure, useAccountForm } from '../hooks/use-account-form';
import {
  MESSAGES,
  normalizePhone,
  validateDetails,
  validatePasswordChange,
  type DetailsForm,
  type PasswordChangeForm,
} from '../validation';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';
import { NameFields, PhoneField, PromoField } from './person-fields';

export const ACCOUNT_MESSAGES = {
  saved: 'Your details are saved.',
  passwordChanged: 'Password changed. Other devices are signed out.',
  passwordChangedSignIn: 'Password changed. Please sign in with your new password.',
  deleted: 'Your account has been deleted. We are sorry to see you go.',
} as const;

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
  const { form, setForm, set, errors, error, done, setDone, submit, refused } = useAccountForm<DetailsForm>(
    { first_name: user.first_name, last_name: user.last_name, mobile_number: user.mobile_number },
    validateDetails,
  );
  const [promo, setPromo] = useState(user.gives_permission);
  const update = useUpdateMe();

  const save = submit((details) =>
    update.mutate(
      {
        first_name: details.first_name.trim(),
        last_name: details.last_name.trim(),
        mobile_number: normalizePhone(details.mobile_number),
        gives_permission: promo,
      },
      {
        onSuccess: (next) => {
          setForm({ first_name: next.first_name, last_name: next.last_name, mobile_number: next.mobile_number });
          setPromo(next.gives_permission);
          setDone(true);
        },
        onError: (err) => refused(failure(err)),
      },
    ),
  );

  return (
    <section className="account__section" aria-labelledby="account-details">
      <h2 id="account-details" className="section-title">
        Details
      </h2>
      <form noValidate onSubmit={save}>
        <TextField label="E-mail" type="email" value={user.email} readOnly aria-readonly="true" />
        <NameFields values={form} set={set} errors={errors} />
        <PhoneField value={form.mobile_number} onChange={set('mobile_number')} error={errors.mobile_number} />
        <PromoField
          checked={promo}
          onChange={(checked) => {
            setPromo(checked);
            setDone(false);
          }}
        />
        <FormError message={error ?? errors.gives_permission ?? null} />
        <Success shown={done}>{ACCOUNT_MESSAGES.saved}</Success>
        <SubmitButton loading={update.isPending}>Save</SubmitButton>
      </form>
    </section>
  );
}

const NO_PASSWORDS: PasswordChangeForm = { current_password: '', new_password: '', re_new_password: '' };

function PasswordSection({ user }: { user: User }) {
  const { form, setForm, set, errors, error, done, setDone, submit, refused } = useAccountForm(
    NO_PASSWORDS,
    validatePasswordChange,
  );
  const change = useChangePassword();
  const toast = useToast();
  const logout = useLogout();

  const save = submit((passwords) =>
    change.mutate(
      { ...passwords, email: user.email },
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
          refused(
            message === MESSAGES.mismatch
              ? { fields: { ...fields, re_new_password: message }, message: null }
              : { fields, message },
          );
        },
      },
    ),
  );

  return (
    <section className="account__section" aria-labelledby="account-password">
      <h2 id="account-password" className="section-title">
        Change password
      </h2>
      <form noValidate onSubmit={save}>
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
        <Success shown={done}>{ACCOUNT_MESSAGES.passwordChanged}</Success>
        <SubmitButton loading={change.isPending}>Change password</SubmitButton>
      </form>
    </section>
  );
}

/** A section's line after its change went through. */
function Success({ shown, children }: { shown: boolean; children: ReactNode }) {
  return shown ? (
    <p className="account__success" role="status">
      {children}
    </p>
  ) : null;
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
