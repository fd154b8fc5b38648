import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Loading } from '@/components/ui/Loading';
import { ApiError, isNotFound, toMessage } from '@/lib/api/client';
import { afterLoginPath, OtpRequired, useGuestLogin, useLogin, useOtpLogin, useUser } from '@/lib/auth';
import { validateEmail } from '../validation';
import { AuthLayout } from './AuthLayout';
import { FormError, PasswordField, SubmitButton, TextField } from './fields';

/**
 * /login: e-mail, password (show/hide), Sign In with a spinner; then the saved path. An
 * account with two-factor sign-in is asked for its code next. A visitor sent here by "Watch
 * now" may also go on as the guest (DESIGN §2.11): watching needs no account, keeping
 * playlists does.
 */
export function LoginScreen() {
  const { data: user, isPending } = useUser();
  const login = useLogin();
  const otp = useOtpLogin();
  const guest = useGuestLogin();
  const navigate = useNavigate();
  const activated = (useLocation().state as { activated?: boolean } | null)?.activated === true;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The server refused the e-mail and password: an account not yet activated is refused alike. */
  const [refused, setRefused] = useState(false);
  const [otpToken, setOtpToken] = useState<string | null>(null);

  // Whether someone was signed in when this page first knew: a sign-in that comes later and is
  // not this page's own was made in another tab of this browser.
  const signedInFirst = useRef<boolean | null>(null);
  if (!isPending && signedInFirst.current === null) signedInFirst.current = Boolean(user);

  if (isPending) return <Loading />;
  if (user && !login.isPending && !guest.isPending && !otp.isPending) {
    const ownSignIn = login.isSuccess || otp.isSuccess || guest.isSuccess;
    // Signed in from another tab: this one goes to the home page, not to the player, where every
    // tab left on this page would start the same video, with its sound, at the same moment.
    const elsewhere = signedInFirst.current === false && !ownSignIn;
    return <Navigate to={elsewhere ? '/' : afterLoginPath()} replace />;
  }
  if (otpToken) {
    return (
      <OtpStep
        pending={otp.isPending}
        onBack={() => setOtpToken(null)}
        onSubmit={(code, fail) =>
          otp.mutate(
            { otp_token: otpToken, code },
            {
              onSuccess: () => void navigate(afterLoginPath(), { replace: true }),
              onError: (err) => {
                // The 5-minute ticket ran out: start again from the password.
                if (err instanceof ApiError && err.code === 'token_not_valid') {
                  setOtpToken(null);
                  setError('That took too long: please sign in again.');
                } else fail(toMessage(err));
              },
            },
          )
        }
      />
    );
  }

  return (
    <AuthLayout title="Sign In">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const invalid = validateEmail(email);
          setError(invalid);
          setRefused(false);
          if (invalid) return;
          login.mutate(
            { email: email.trim(), password },
            {
              onSuccess: () => void navigate(afterLoginPath(), { replace: true }),
              onError: (err) => {
                if (err instanceof OtpRequired) {
                  setError(null);
                  setOtpToken(err.otpToken);
                } else {
                  setError(toMessage(err));
                  setRefused(err instanceof ApiError && err.status === 401);
                }
              },
            },
          );
        }}
      >
        {activated && (
          <p className="auth__notice" role="status">
            Your account is active. Sign in to start watching.
          </p>
        )}
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
        {refused && (
          <p className="auth__hint">Just signed up? Open the link in the e-mail we sent you first, then sign in.</p>
        )}
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
                  isNotFound(err) ? 'Guest access is off on this site: please sign in or sign up.' : toMessage(err),
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

/** The second step of a two-factor sign-in: the app's 6-digit code or a recovery code. */
function OtpStep({
  pending,
  onBack,
  onSubmit,
}: {
  pending: boolean;
  onBack: () => void;
  onSubmit: (code: string, fail: (message: string) => void) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <AuthLayout title="Two-Factor Sign In">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!code.trim()) {
            setError('Please, enter the code from your authenticator app');
            return;
          }
          setError(null);
          onSubmit(code.trim(), setError);
        }}
      >
        <p className="muted">
          Open your authenticator app and enter the 6-digit code for CUVIEW TV, or one of your recovery codes.
        </p>
        <TextField
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormError message={error} />
        <SubmitButton loading={pending}>Verify</SubmitButton>
      </form>
      <p className="auth__links">
        <button type="button" className="button button--ghost button--small" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </AuthLayout>
  );
}
