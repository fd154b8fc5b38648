import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { UpdateMeBody, User } from '@/lib/api/types';
import { userQueryKey } from '@/lib/auth';

/** PATCH {prefix}/auth/users/me/: names, phone, promotional e-mails; answers the user. */
export function updateMe(body: UpdateMeBody): Promise<User> {
  return api('/cuviewTV/auth/users/me', { method: 'PATCH', body, auth: 'required' });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    // The top bar's initials and every other reader of the session see the new name at once.
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
