import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Loading } from '@/components/ui/Loading';
import { ApiError, toMessage } from '@/lib/api/client';
import { afterLoginPath, useGuestLogin, useLogin, useUser } from '@/lib/auth';
import { validateEmail } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';

/**
 * /login: e-mail, password (show/hide), Sign In with a spinner; then the saved path. A
 * visitor sent here by "Watch now" may also go on as the guest (DESIGN §2.11): watching
 * needs no account, keeping playlists does.
 */
export function LoginScreen() {
  const { data: user, isPending } = useUser();
  const login = useLogin();
  const guest = useGuestLogin();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (isPending) return <Loading />;
  if (user && !login.isPending && !guest.isPending) return <Navigate to={afterLoginPath()} replace />;

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
      <div className="auth__guest">
        <p className="muted">No account needed to watch.</p>
        <button
          type="button"
          className="button button--ghost button--block"
          disabled={guest.isPending}
          aria-busy={guest.isPending}
          onClick={() => {
            setError(null);
            guest.mutate(undefined, {
              onSuccess: () => void navigate(afterLoginPath(), { replace: true }),
              onError: (err) =>
                setError(
                  err instanceof ApiError && err.status === 404
                    ? 'Guest access is off on this site: please sign in or sign up.'
                    : toMessage(err),
                ),
            });
          }}
        >
          Continue as guest
        </button>
      </div>
      <p className="auth__links">
        <Link to="/reset_password">Forgot Your Password?</Link>
        <span>
          No account? <Link to="/register">Sign Up</Link>
        </span>
      </p>
    </AuthLayout>
  );
}
