import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconClose } from '@/components/ui/icons';
import type { FilterEntry } from '@/lib/api/types';
import { filterResultsHref } from '@/lib/links';
import { addFilterEntry, removeFilterEntry } from '../filter-list';
import { PagedFacetPanel, WholeFacetPanel } from './FacetPanel';

const PANELS = ['Genres', 'Moods', 'Artists', 'Composers', 'Tags', 'Video genres'] as const;

/** Filter toggle of the category screen: pick entries, then show the filter results. */
export function FilterPanel() {
  const [panel, setPanel] = useState<(typeof PANELS)[number]>('Genres');
  const [filters, setFilters] = useState<FilterEntry[]>([]);
  const navigate = useNavigate();
  const pick = (entry: FilterEntry) => setFilters((list) => addFilterEntry(list, entry));

  return (
    <section className="filter-panel" aria-label="Filters">
      <div className="tabs tabs--wrap" role="tablist" aria-label="Filter by">
        {PANELS.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={panel === p}
            className={`tab${panel === p ? ' is-active' : ''}`}
            onClick={() => setPanel(p)}
          >
            {p}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={panel}>
        {panel === 'Genres' && <WholeFacetPanel facet="genres" label="Genres" filters={filters} onPick={pick} />}
        {panel === 'Moods' && <WholeFacetPanel facet="moods" label="Moods" filters={filters} onPick={pick} />}
        {panel === 'Artists' && <PagedFacetPanel facet="artists" label="Artists" filters={filters} onPick={pick} />}
        {panel === 'Composers' && (
          <PagedFacetPanel facet="composers" label="Composers" filters={filters} onPick={pick} />
        )}
        {panel === 'Tags' && <PagedFacetPanel facet="tags" label="Tags" filters={filters} onPick={pick} />}
        {panel === 'Video genres' && (
          <PagedFacetPanel facet="videogenres" label="Video genres" filters={filters} onPick={pick} />
        )}
      </div>
      {filters.length > 0 && (
        <ul className="chips" aria-label="Chosen filters">
          {filters.map((f) => (
            <li key={`${f.id}!${f.kind}`} className="chip">
              <span>{f.title}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove filter ${f.title ?? f.id}`}
                onClick={() => setFilters((l) => removeFilterEntry(l, f))}
              >
                <IconClose size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={filters.length === 0}
        onClick={() => void navigate(filterResultsHref(filters))}
      >
        Show results
      </button>
    </section>
  );
}
