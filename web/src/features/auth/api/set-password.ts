import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { setTokens } from '@/lib/api/tokens';
import type { SetPasswordBody, User } from '@/lib/api/types';
import { fetchMe, userQueryKey } from '@/lib/auth';

/** POST {prefix}/auth/users/set_password/: 204; every token issued before stops working. */
export function setPassword(body: SetPasswordBody): Promise<unknown> {
  return api('/cuviewTV/auth/users/set_password', { method: 'POST', body, auth: 'required' });
}

export type PasswordChange = SetPasswordBody & { email: string };

/**
 * Changes the password, then signs this tab in again with the new one behind the scenes: the
 * change ends every session from before, this one included. Answers the user, or null when
 * that sign-in could not be made (two-factor sign-in wants its code, or it failed): the person
 * then signs in by hand.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, ...body }: PasswordChange): Promise<User | null> => {
      await setPassword(body);
      try {
        const answer = await api('/cuviewTV/auth/jwt/create', {
          method: 'POST',
          body: { email, password: body.new_password },
        });
        if ('otp_token' in answer) return null;
        setTokens(answer);
        return await fetchMe();
      } catch {
        return null;
      }
    },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(userQueryKey, user);
    },
  });
}
