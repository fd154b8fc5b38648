import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { toMessage } from '@/lib/api/client';
import { Loading } from './Loading';

/**
 * A list screen's answer to its query: "Loading...", the failure's message, "No Results" when
 * `items` of the answer is empty (spec), else `children` with the answer.
 */
export function QueryResults<T>({
  query,
  items,
  children,
}: {
  query: UseQueryResult<T>;
  items: (data: T) => readonly unknown[];
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <p className="error-text">{toMessage(query.error)}</p>;
  if (items(query.data).length === 0) return <p className="muted empty">No Results</p>;
  return children(query.data);
}
