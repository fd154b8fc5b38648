import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { RegisterBody } from '@/lib/api/types';

/** POST {prefix}/auth/users/: 201, then an activation e-mail. */
export function register(body: RegisterBody): Promise<unknown> {
  return api('/cuviewTV/auth/users', { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
