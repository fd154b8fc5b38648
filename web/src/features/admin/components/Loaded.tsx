import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { toMessage } from '@/lib/api/client';
import { MSG } from '../messages';

/**
 * An edit screen's item: the loading text, then the form with the loaded data, or the
 * failure (with its cause when `showCause`).
 */
export function Loaded<T>({
  query,
  children,
  loadingText = MSG.loading,
  errorText = MSG.someError,
  showCause = false,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  loadingText?: string;
  errorText?: string;
  showCause?: boolean;
}) {
  if (query.isPending) return <p className="loading admin-page">{loadingText}</p>;
  if (query.isError) {
    return (
      <div className="admin-page" role="alert">
        <p className="error-text">{errorText}</p>
        {showCause && <p className="muted">{toMessage(query.error)}</p>}
      </div>
    );
  }
  return children(query.data);
}
