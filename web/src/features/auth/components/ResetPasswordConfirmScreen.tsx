import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, toMessage } from '@/lib/api/client';
import { useResetPasswordConfirm } from '../api/reset-password-confirm';
import { resetConfirmError, validateResetConfirm } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, PasswordField, SubmitButton } from './fields';

/** /password-reset/{uid}/{token}: new password and confirmation. */
export function ResetPasswordConfirmScreen() {
  const { uid = '', token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmReset = useResetPasswordConfirm();

  if (confirmReset.isSuccess) {
    return (
      <AuthLayout title="New Password">
        <p className="auth__notice" role="status">
          Password has changed successfully
        </p>
        <Link to="/login" className="button button--primary button--block">
          Sign In
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="New Password">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const { message, send } = validateResetConfirm(password, confirm);
          setError(message);
          if (!send) return;
          confirmReset.mutate(
            { uid, token, new_password: password, re_new_password: confirm },
            {
              onError: (err) =>
                setError(err instanceof ApiError ? resetConfirmError(err.body, err.message) : toMessage(err)),
            },
          );
        }}
      >
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <FormError message={error} />
        <SubmitButton loading={confirmReset.isPending}>Change Password</SubmitButton>
      </form>
    </AuthLayout>
  );
}
