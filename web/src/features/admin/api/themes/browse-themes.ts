import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components, paths } from '@/lib/api/schema.gen';
import { useArrange } from '../arrange';
import { adminKeys } from '../keys';
import { arrangeGroups } from './arrange-groups';

export type ThemePageQuery = NonNullable<paths['/cuviewTV/admin/themes']['get']['parameters']['query']>;
export type ThemePage = components['schemas']['AdminThemePageDto'];
export type ThemeRow = components['schemas']['AdminThemeRowDto'];

/** GET admin/themes/: a page of the themes, in hand order unless sorted, with groupLength. */
export function browseThemes(query: ThemePageQuery, signal?: AbortSignal): Promise<ThemePage> {
  return api('/cuviewTV/admin/themes', { query, auth: 'required', signal });
}

export const themePageQueryOptions = (query: ThemePageQuery) =>
  queryOptions({
    queryKey: [...adminKeys.groups, 'browse', query],
    queryFn: ({ signal }) => browseThemes(query, signal),
    placeholderData: keepPreviousData,
  });

export function useThemePage(query: ThemePageQuery) {
  return useQuery(themePageQueryOptions(query));
}

/** Dragging on a page of the hand order: saved at once through arrange_groups. */
export function useArrangeThemePage(query: ThemePageQuery) {
  return useArrange<ThemeRow, ThemePage>(themePageQueryOptions(query).queryKey, arrangeGroups, {
    withItems: (page, groups) => ({ ...page, groups }),
    refresh: adminKeys.groups,
  });
}
