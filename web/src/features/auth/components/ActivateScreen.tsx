import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, toMessage } from '@/lib/api/client';
import { useActivate } from '../api/activate';
import { AuthLayout } from './AuthLayout';
import { FormError, SubmitButton } from './fields';

/**
 * /activate/{uid}/{token}: an ACTIVATE button; it posts, then goes to /login, which says the
 * account is active (a stranger landed there unsure whether anything had happened). A link
 * opened again answers 403 "Stale token for given user.", which means the account is active
 * already: the same way to /login, not the service's wording. A link the service does not know
(400) says what to do.
 */
const BROKEN_LINK =
  'This activation link is not whole. Open it again from the e-mail (all of it), or sign up again to get a new one.';

export function ActivateScreen() {
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const activate = useActivate();
  const [error, setError] = useState<string | null>(null);

  return (
    <AuthLayout title="Activate Account">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          const toLogin = () => void navigate('/login', { replace: true, state: { activated: true } });
          activate.mutate(
            { uid, token },
            {
              onSuccess: toLogin,
              onError: (err) => {
                if (!(err instanceof ApiError)) setError(toMessage(err));
                else if (err.status === 403) toLogin();
                // 400: a uid or token the service does not know, most often a link cut short by the mail program.
                else if (err.status === 400) setError(BROKEN_LINK);
                else setError(err.message);
              },
            },
          );
        }}
      >
        <p className="muted">Confirm your e-mail address to start watching.</p>
        <FormError message={error} />
        <SubmitButton loading={activate.isPending}>ACTIVATE</SubmitButton>
      </form>
    </AuthLayout>
  );
}
