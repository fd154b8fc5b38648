import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { userQueryKey } from '@/lib/auth';

/** The signed-in account's two-factor sign-in. */
export const totpKey = ['admin', 'totp'] as const;

/** GET auth/totp/: on, required, recovery codes left. */
export const totpStatusQueryOptions = queryOptions({
  queryKey: totpKey,
  queryFn: ({ signal }) => api('/cuviewTV/auth/totp', { auth: 'required', signal }),
});

export function useTotpStatus() {
  return useQuery(totpStatusQueryOptions);
}

/** POST auth/totp/setup/: a new secret and its otpauth:// address, shown once. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => api('/cuviewTV/auth/totp/setup', { method: 'POST', auth: 'required' }) });
}

/** Both change what the account is: the status and the session's user (totp flags) are read again. */
function useTotpChange<A, T>(call: (input: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: totpKey });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** POST auth/totp/confirm/: the first code turns it on; answers the recovery codes. */
export function useTotpConfirm() {
  return useTotpChange((code: string) =>
    api('/cuviewTV/auth/totp/confirm', { method: 'POST', auth: 'required', body: { code } }),
  );
}

/** POST auth/totp/disable/: a current or recovery code turns it off. */
export function useTotpDisable() {
  return useTotpChange((code: string) =>
    api('/cuviewTV/auth/totp/disable', { method: 'POST', auth: 'required', body: { code } }),
  );
}

/**
 * POST auth/totp/recovery-codes/: ten new recovery codes (the old ones stop working at once),
 * proven by a current code of the app or the password.
 */
export function useRegenerateRecoveryCodes() {
  return useTotpChange((proof: { code: string } | { password: string }) =>
    api('/cuviewTV/auth/totp/recovery-codes', { method: 'POST', auth: 'required', body: proof }),
  );
}
