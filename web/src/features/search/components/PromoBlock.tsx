import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dropdown } from '@/components/ui/Dropdown';
import { FilterKind } from '@/lib/api/types';
import { filterResultsHref } from '@/lib/links';
import { useActivities } from '../api/get-activities';
import { useWholeFacet } from '../api/get-facets';
import { flattenPages } from '../api/paging';

/** Landing promo: Activity and Mood dropdowns leading to /filter_results/{id}!6 or !5. */
export function PromoBlock() {
  const navigate = useNavigate();
  const [activityOpen, setActivityOpen] = useState(false);
  const [moodOpen, setMoodOpen] = useState(false);
  const activities = useActivities('', activityOpen);
  const moods = useWholeFacet('moods', [], moodOpen);

  return (
    <section className="promo" aria-labelledby="promo-title">
      <h2 id="promo-title" className="promo__text">
        We will advise you what to see and listen to when you want...
      </h2>
      <div className="promo__controls">
        <Dropdown
          label="Activity"
          items={flattenPages(activities.data?.pages ?? [])}
          loading={activities.isFetching}
          onOpenChange={setActivityOpen}
          onScrollEnd={() => {
            if (activities.hasNextPage && !activities.isFetchingNextPage) void activities.fetchNextPage();
          }}
          onSelect={(a) => void navigate(filterResultsHref([{ id: a.id, kind: FilterKind.activity }]))}
        />
        <Dropdown
          label="Mood"
          items={moods.data ?? []}
          loading={moods.isFetching}
          onOpenChange={setMoodOpen}
          onSelect={(m) => void navigate(filterResultsHref([{ id: m.id, kind: FilterKind.mood }]))}
        />
      </div>
    </section>
  );
}
