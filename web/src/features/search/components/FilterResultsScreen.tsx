import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { BackArrow } from '@/components/ui/BackArrow';
import { useScrollRestoration } from '@/hooks/scroll';
import { countLabel } from '@/lib/format';
import { decodeFilterList } from '@/lib/links';
import { useFilterResults } from '../api/get-filter-results';
import { useVideosLengthForFilter } from '../api/get-videos-length-for-filter';
import { VideoResults } from './VideoResults';

/** /filter_results/{filterList}: infinite-scroll grid titled FILTER RESULTS. */
export function FilterResultsScreen() {
  const { filterList = '' } = useParams();
  const filters = useMemo(() => decodeFilterList(filterList), [filterList]);
  const query = useFilterResults(filters);
  const count = useVideosLengthForFilter(filters);
  const location = useLocation();
  useScrollRestoration(location.pathname, !query.isPending);

  return (
    <div className="page">
      <header className="page__header">
        <BackArrow />
        <h1>FILTER RESULTS</h1>
        {typeof count.data === 'number' && count.data > 0 && (
          <span className="page__count">{countLabel(count.data, 'video')}</span>
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
