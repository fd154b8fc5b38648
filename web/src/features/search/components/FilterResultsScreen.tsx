import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { BackArrow } from '@/components/ui/BackArrow';
import { useScrollRestoration } from '@/hooks/scroll';
import { countLabel } from '@/lib/format';
import { decodeFilterList } from '@/lib/links';
import { useFilterResults } from '../api/get-filter-results';
import { FILTER_KIND_LABEL, useFilterTitles } from '../api/get-filter-titles';
import { useVideosLengthForFilter } from '../api/get-videos-length-for-filter';
import { VideoResults } from './VideoResults';

/**
 * /filter_results/{filterList}: infinite-scroll grid titled by what it shows (the genre, mood,
 * video genre... of the address, "Jazz · Calm"), with the kinds above it; "Filter results"
 * only until the titles are known or when none can be found.
 */
export function FilterResultsScreen() {
  const { filterList = '' } = useParams();
  const filters = useMemo(() => decodeFilterList(filterList), [filterList]);
  const query = useFilterResults(filters);
  const count = useVideosLengthForFilter(filters);
  const titles = useFilterTitles(filters);
  const named = titles.filter((t): t is string => Boolean(t));
  const kinds = [...new Set(filters.map((f) => FILTER_KIND_LABEL[f.kind]))];
  const location = useLocation();
  useScrollRestoration(location.pathname, !query.isPending);

  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <div className="page__heading">
          {filters.length > 0 && <p className="page__kicker">{kinds.join(' · ')}</p>}
          <h1>{named.length > 0 ? named.join(' · ') : 'Filter results'}</h1>
        </div>
        {count.data && count.data.count > 0 && (
          <span className="page__count">
            {count.data.atLeast
              ? `${count.data.count.toLocaleString('en')}+ videos`
              : countLabel(count.data.count, 'video')}
          </span>
        )}
      </header>
      {filters.length === 0 ? (
        <p className="muted empty">No Results</p>
      ) : (
        <VideoResults query={query} resetKey={filterList} />
      )}
    </div>
  );
}
