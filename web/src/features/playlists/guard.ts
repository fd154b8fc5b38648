import { getAccessToken } from '@/lib/api/tokens';

/**
 * Playlist writes proceed only with an access token stored in the browser (spec viewer §5);
 * without one the person is asked to sign in.
 */
export function hasStoredToken(): boolean {
  return Boolean(getAccessToken());
}
