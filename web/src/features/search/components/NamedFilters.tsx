import { Link } from 'react-router';
import type { FilterEntry, Named } from '@/lib/api/types';
import { filterResultsHref } from '@/lib/links';
import { FACET_KIND, usePagedFacet, useWholeFacet, type PagedFacet, type WholeFacet } from '../api/get-facets';
import { FILTER_KIND_LABEL } from '../api/get-filter-titles';

/** Case, accents and punctuation aside, as the api compares names (cuview_norm). */
export function sameName(a: string, b: string): boolean {
  const norm = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return norm(a) !== '' && norm(a) === norm(b);
}

const NO_FILTERS: FilterEntry[] = [];

/**
 * A title search for the whole name of a genre, mood, tag or video genre ("jazz", "calm",
 * "live performance") also offers that filter's videos: the title search reads titles, people
 * and descriptions, and a stranger's "jazz" found nothing there while the Genres tab had Jazz.
 */
export function NamedFilters({ text }: { text: string }) {
  const on = text.trim() !== '';
  const genres = useWholeFacet('genres', NO_FILTERS, on);
  const moods = useWholeFacet('moods', NO_FILTERS, on);
  const tags = usePagedFacet('tags', text, NO_FILTERS, on);
  const videoGenres = usePagedFacet('videogenres', text, NO_FILTERS, on);
  if (!on) return null;
  const named = (facet: PagedFacet | WholeFacet, values: Named[] | undefined) =>
    (values ?? [])
      .filter((value) => sameName(value.title, text))
      .map((value) => ({ ...value, kind: FACET_KIND[facet] }));
  const matches = [
    ...named('genres', genres.data),
    ...named('moods', moods.data),
    ...named('tags', tags.data?.pages[0]),
    ...named('videogenres', videoGenres.data?.pages[0]),
  ];
  if (matches.length === 0) return null;
  return (
    <ul className="chips" aria-label="Browse by name">
      {matches.map((match) => (
        <li key={`${match.id}!${match.kind}`}>
          <Link className="chip chip--link" to={filterResultsHref([match])}>
            All videos of {FILTER_KIND_LABEL[match.kind].toLowerCase()} {match.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
