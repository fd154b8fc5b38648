import { toMessage } from '@/lib/api/client';
import { MSG } from '../messages';

/** Loading, failure and empty states of an admin list, or null when there is something to show. */
export function listState(
  q: { isPending: boolean; isError: boolean; error: unknown },
  empty: boolean,
  emptyText: string = MSG.noResult,
  errorText?: string,
) {
  if (q.isPending)
    return (
      <p className="loading" role="status">
        {MSG.loading}
      </p>
    );
  if (q.isError)
    return (
      <p className="error-text" role="alert">
        {errorText ?? toMessage(q.error)}
      </p>
    );
  if (empty) return <p className="muted empty">{emptyText}</p>;
  return null;
}
