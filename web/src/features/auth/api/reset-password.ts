import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST {prefix}/auth/users/reset_password/ {email}: always 204 (no account enumeration). */
export function resetPassword(email: string): Promise<unknown> {
  return api('/cuviewTV/auth/users/reset_password', { method: 'POST', body: { email } });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
