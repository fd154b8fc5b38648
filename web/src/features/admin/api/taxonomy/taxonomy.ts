import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components, paths } from '@/lib/api/schema.gen';
import { adminKeys } from '../keys';

export type TaxonomyKind = paths['/cuviewTV/admin/taxonomy/{kind}']['get']['parameters']['path']['kind'];
export type TaxonomyList = components['schemas']['AdminTaxonomyListDto'];
export type TaxonomyItem = components['schemas']['AdminTaxonomyItemDto'];
export type TaxonomyChange = components['schemas']['AdminTaxonomyChangeDto'];

/** GET admin/taxonomy/{kind}/: a page of names with how many videos and others use each. */
export function getTaxonomy(
  kind: TaxonomyKind,
  query: { q?: string; page: number; page_size: number },
  signal?: AbortSignal,
): Promise<TaxonomyList> {
  return api('/cuviewTV/admin/taxonomy/{kind}', { path: { kind }, query, auth: 'required', signal });
}

export const taxonomyQueryOptions = (kind: TaxonomyKind, query: { q?: string; page: number; page_size: number }) =>
  queryOptions({
    queryKey: [...adminKeys.taxonomy, kind, query],
    queryFn: ({ signal }) => getTaxonomy(kind, query, signal),
    placeholderData: keepPreviousData,
  });

export function useTaxonomy(kind: TaxonomyKind, query: { q?: string; page: number; page_size: number }) {
  return useQuery(taxonomyQueryOptions(kind, query));
}

export type TaxonomyEdit =
  | { kind: TaxonomyKind; id: number; rename: string }
  | { kind: TaxonomyKind; id: number; into: number }
  | { kind: TaxonomyKind; id: number; remove: true };

/** PUT (rename), POST …/merge/ or DELETE admin/taxonomy/{kind}/{id}/; answers the notice to show. */
export function editTaxonomy(edit: TaxonomyEdit): Promise<string> {
  const path = { kind: edit.kind, id: edit.id };
  if ('rename' in edit) {
    return api('/cuviewTV/admin/taxonomy/{kind}/{id}', {
      method: 'PUT',
      path,
      body: { title: edit.rename },
      auth: 'required',
    }).then((item) => `Renamed to "${item.title}"`);
  }
  if ('into' in edit) {
    return api('/cuviewTV/admin/taxonomy/{kind}/{id}/merge', {
      method: 'POST',
      path,
      body: { into: edit.into },
      auth: 'required',
    }).then((change) => change.message);
  }
  return api('/cuviewTV/admin/taxonomy/{kind}/{id}', { method: 'DELETE', path, auth: 'required' }).then(
    (change) => change.message,
  );
}

/** Names show on videos, categories and in the form dropdowns: all of those are refetched. */
export function useEditTaxonomy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editTaxonomy,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
