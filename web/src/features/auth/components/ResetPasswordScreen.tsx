import { useState } from 'react';
import { Link } from 'react-router';
import { toMessage } from '@/lib/api/client';
import { useResetPassword } from '../api/reset-password';
import { validateEmail } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, SubmitButton, TextField } from './fields';

/** /reset_password: asks for the e-mail, then "Please, check your email". */
export function ResetPasswordScreen() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();

  return (
    <AuthLayout title="Reset Password">
      {reset.isSuccess ? (
        <p className="auth__notice" role="status">
          Please, check your email
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const invalid = validateEmail(email);
            setError(invalid);
            if (!invalid) reset.mutate(email.trim(), { onError: (err) => setError(toMessage(err)) });
          }}
        >
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FormError message={error} />
          <SubmitButton loading={reset.isPending}>Send</SubmitButton>
        </form>
      )}
      <p className="auth__links">
        <Link to="/login">Back to Sign In</Link>
      </p>
    </AuthLayout>
  );
}
