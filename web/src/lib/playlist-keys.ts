import type { Id } from './api/types';

/**
 * The public read of a playlist (get_playlist_videos, the /playlist page). Kept here rather
 * than in the catalogue feature because an owner's rename (features/playlists) refreshes it too.
 */
export const playlistVideosKey = (playlistId: Id) => ['catalogue', 'playlistVideos', playlistId] as const;
