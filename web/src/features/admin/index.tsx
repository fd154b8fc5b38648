import type { ComponentType } from 'react';
import { MainScreen } from './banners/MainScreen';
import { CategoriesScreen } from './categories/CategoriesScreen';
import { EditCategoryScreen } from './categories/EditCategoryScreen';
import { AddPlaylistScreen } from './playlists/AddPlaylistScreen';
import { EditPlaylistScreen } from './playlists/EditPlaylistScreen';
import { PlaylistListScreen } from './playlists/PlaylistListScreen';
import { TaxonomyScreen } from './taxonomy/TaxonomyScreen';
import { ProcessingScreen } from './processing/ProcessingScreen';
import { TwoFactorScreen } from './security/TwoFactorScreen';
import { StatsScreen } from './stats/StatsScreen';
import { EditThemeScreen } from './themes/EditThemeScreen';
import { ThemesScreen } from './themes/ThemesScreen';
import { AddVideoScreen } from './videos/AddVideoScreen';
import { EditVideoScreen } from './videos/EditVideoScreen';
import { VideoListScreen } from './videos/VideoListScreen';
import './admin.css';

/**
 * Entry point of the admin console: one lazy chunk, loaded only on admin routes (the router
 * in app/router.tsx lists the paths and pulls everything else from here).
 *
 * `adminScreens` maps the first path segment of each admin route to its screen.
 */
export { AdminLayout, NO_PERMISSION_MESSAGE } from './components/AdminLayout';
export { useUnsavedChanges, UNSAVED_CHANGES_MESSAGE } from './unsaved-changes';

export const adminScreens: Partial<Record<string, ComponentType>> = {
  main: MainScreen,
  adminVideos: VideoListScreen,
  addVideo: AddVideoScreen,
  editVideo: EditVideoScreen,
  adminPlaylists: PlaylistListScreen,
  addPlaylist: AddPlaylistScreen,
  editPlaylist: EditPlaylistScreen,
  themes: ThemesScreen,
  editTheme: EditThemeScreen,
  categories: CategoriesScreen,
  editCategory: EditCategoryScreen,
  taxonomy: TaxonomyScreen,
  processing: ProcessingScreen,
  adminSecurity: TwoFactorScreen,
  adminStats: StatsScreen,
};

/** A route whose screen is not registered renders nothing inside the layout. */
export function AdminScreenMissing() {
  return null;
}
