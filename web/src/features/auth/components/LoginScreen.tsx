import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Loading } from '@/components/ui/Loading';
import { toMessage } from '@/lib/api/client';
import { afterLoginPath, useLogin, useUser } from '@/lib/auth';
import { validateEmail } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';

/** /login: e-mail, password (show/hide), Sign In with a spinner; then the saved path. */
export function LoginScreen() {
  const { data: user, isPending } = useUser();
  const login = useLogin();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (isPending) return <Loading />;
  if (user && !login.isPending) return <Navigate to={afterLoginPath()} replace />;

  return (
    <AuthLayout title="Sign In">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const invalid = validateEmail(email);
          setError(invalid);
          if (invalid) return;
          login.mutate(
            { email: email.trim(), password },
            {
              onSuccess: () => void navigate(afterLoginPath(), { replace: true }),
              onError: (err) => setError(toMessage(err)),
            },
          );
        }}
      >
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormError message={error} />
        <SubmitButton loading={login.isPending}>Sign In</SubmitButton>
      </form>
      <p className="auth__links">
        <Link to="/reset_password">Forgot Your Password?</Link>
        <span>
          No account? <Link to="/register">Sign Up</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
