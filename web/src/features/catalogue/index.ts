export { HeroBanner } from './components/HeroBanner';
export { GenreCard } from './components/GenreCard';
export {
  ConcertsSection,
  EssentialsSection,
  GenresSection,
  GroupTabsSection,
  LatestPlaylistsSection,
} from './components/sections';
export { seedBannersFromPage } from './api/get-banner-videos';
export { useCategories } from './api/get-categories';
export { useCategoryVideos } from './api/get-category-videos';
export { useGroupPlaylists } from './api/get-group-playlists';
export { useGroups } from './api/get-groups';
export { usePlaylistVideos } from './api/get-playlist-videos';
export { useVideo, getVideo } from './api/get-video';
