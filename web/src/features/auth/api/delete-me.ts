import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { DeleteMeBody } from '@/lib/api/types';

/** DELETE {prefix}/auth/users/me/ {current_password}: 204, the account and its playlists are gone. */
export function deleteMe(body: DeleteMeBody): Promise<unknown> {
  return api('/cuviewTV/auth/users/me', { method: 'DELETE', body, auth: 'required' });
}

export function useDeleteMe() {
  return useMutation({ mutationFn: deleteMe });
}
