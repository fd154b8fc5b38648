import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** POST {prefix}/auth/users/activation/ {uid, token}: 204; a second use answers 403. */
export function activate(input: { uid: string; token: string }): Promise<unknown> {
  return api('/cuviewTV/auth/users/activation', { method: 'POST', body: input });
}

export function useActivate() {
  return useMutation({ mutationFn: activate });
}
