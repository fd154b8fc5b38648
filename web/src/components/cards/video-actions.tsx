import { createContext, useContext, type ComponentType } from 'react';
import type { Id, Video } from '@/lib/api/types';

/**
 * Card actions (add to playlist, remove, share) and the selection "Add to" are implemented by
 * the playlists feature and injected by the app, so catalogue and search screens can offer
 * them without importing another feature.
 */
export type VideoActionContext = {
  playlistId?: Id;
  groupId?: Id;
  /** Owner of the list the card is shown in; the owner may remove videos from it. */
  ownerId?: Id | null;
};

export type VideoActionsApi = {
  CardActions: ComponentType<{ video: Video; context: VideoActionContext }>;
  /** Opens the add-to popup for these videos; resolves with the chosen playlist or null. */
  AddToDialog: ComponentType<{
    videoIds: Id[];
    onClose: () => void;
    onAdded?: (playlistId: Id, groupId: Id | null) => void;
  }>;
};

export const VideoActionsContext = createContext<VideoActionsApi | null>(null);

export function useVideoActions(): VideoActionsApi | null {
  return useContext(VideoActionsContext);
}
