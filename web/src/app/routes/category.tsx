import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { VideoGrid } from '@/components/cards/VideoGrid';
import { BackArrow } from '@/components/ui/BackArrow';
import { QueryResults } from '@/components/ui/QueryResults';
import { IconFilter } from '@/components/ui/icons';
import { Pagination } from '@/components/ui/Pagination';
import { useCategoryVideos } from '@/features/catalogue';
import { FilterPanel } from '@/features/search';
import { useScrollRestoration } from '@/hooks/scroll';
import { DEFAULTS } from '@/lib/constants';
import { playerHref } from '@/lib/links';
import { readPlayTarget } from '@/lib/storage';

const PAGE_SIZE = 20;

/** /category/{title}/{id}: paged videos of one category, with a filter toggle. */
export default function CategoryRoute() {
  const { title = '', categoryId } = useParams();
  const id = Number(categoryId);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const q = useCategoryVideos(id, page);
  const location = useLocation();
  useScrollRestoration(location.pathname + location.search, !q.isPending);
  const pages = Math.max(1, Math.ceil((q.data?.videoLength ?? 0) / PAGE_SIZE));
  const target = readPlayTarget(DEFAULTS.content);

  return (
    <div className="page">
      <header className="page__header">
        <BackArrow fallback="/category" />
        <h1>{decodeURIComponent(title)}</h1>
        <button
          type="button"
          className="button button--ghost page__action"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          <IconFilter size={16} /> Filter
        </button>
      </header>
      {filtersOpen && <FilterPanel />}
      <QueryResults query={q} items={(d) => d.videos}>
        {(data) => (
          <>
            <VideoGrid
              videos={data.videos}
              hrefFor={(v) => playerHref({ playlistId: target.playlistId, groupId: target.groupId, videoId: v.id })}
            />
            <Pagination page={page} pages={pages} onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
          </>
        )}
      </QueryResults>
    </div>
  );
}
