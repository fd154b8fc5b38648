import {
  ConcertsSection,
  EssentialsSection,
  GenresSection,
  GroupTabsSection,
  HeroBanner,
  LatestPlaylistsSection,
} from '@/features/catalogue';
import { ContinueWatchingSection } from '@/features/player';
import { MyPlaylistsSection } from '@/features/playlists';
import { PromoBlock } from '@/features/search';
import { useQueriesSettled, useScrollRestoration } from '@/hooks/scroll';

/** Landing page `/` (spec viewer §2). Its scroll position is kept for the session. */
export default function LandingRoute() {
  useScrollRestoration('/', useQueriesSettled(['catalogue']));
  return (
    <div className="landing">
      <HeroBanner />
      <div className="page">
        <ContinueWatchingSection />
        <LatestPlaylistsSection />
        <EssentialsSection />
        <ConcertsSection />
        <GenresSection />
        <GroupTabsSection />
        <MyPlaylistsSection />
        <PromoBlock />
      </div>
    </div>
  );
}
