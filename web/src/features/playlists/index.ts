import type { VideoActionsApi } from '@/components/cards/video-actions';
import { AddToDialog } from './components/AddToDialog';
import { CardActions } from './components/CardActions';

/** What the app injects into cards and selection bars (see components/cards/video-actions). */
export const playlistVideoActions: VideoActionsApi = { CardActions, AddToDialog };

export { useUserPlaylists, userPlaylistsQueryOptions } from './api/get-user-playlists';
export { useCustomPlaylist, customPlaylistQueryOptions } from './api/get-custom-playlist';
export { useDeletePlaylist } from './api/delete-playlist';
export { downloadPlaylistInfo } from './api/download-playlist-info';
export { exportPlaylist } from './export';
export { AddToDialog } from './components/AddToDialog';
export { CreatePlaylistForm } from './components/CreatePlaylistForm';
export { hasStoredToken } from './guard';
export { MyPlaylistsSection } from './components/MyPlaylistsSection';
