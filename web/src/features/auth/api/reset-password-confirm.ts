import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ResetConfirmBody } from '@/lib/api/types';

/** POST {prefix}/auth/users/reset_password_confirm/ {uid, token, new_password, re_new_password}. */
export function resetPasswordConfirm(body: ResetConfirmBody): Promise<unknown> {
  return api('/cuviewTV/auth/users/reset_password_confirm', { method: 'POST', body });
}

export function useResetPasswordConfirm() {
  return useMutation({ mutationFn: resetPasswordConfirm });
}
