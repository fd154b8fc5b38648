import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toMessage } from '@/lib/api/client';
import { useActivate } from '../api/activate';
import { AuthLayout } from './AuthLayout';
import { FormError, SubmitButton } from './fields';

/**
 * /activate/{uid}/{token}: an ACTIVATE button; it posts, then goes to /login, which says the
 * account is active (a stranger landed there unsure whether anything had happened).
 */
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
          activate.mutate(
            { uid, token },
            {
              onSuccess: () => void navigate('/login', { replace: true, state: { activated: true } }),
              onError: (err) => setError(toMessage(err)),
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
