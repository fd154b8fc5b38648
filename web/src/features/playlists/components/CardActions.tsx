import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { VideoActionContext } from '@/components/cards/video-actions';
import { ShareDialog } from '@/components/share/ShareDialog';
import { IconPlus, IconShare, IconTrash } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import type { Video } from '@/lib/api/types';
import { canEditPlaylists, rememberPath, useUser } from '@/lib/auth';
import { DEFAULTS } from '@/lib/constants';
import { useDeletePlaylistVideo } from '../api/delete-playlist-video';
import { hasStoredToken } from '../guard';
import { AddToDialog } from './AddToDialog';

export const DELETE_VIDEO_CONFIRM = 'Are you sure you want to delete this video from the playlist?';

/** Hover actions of a video card: add to playlist, remove (owner only), share. */
export function CardActions({ video, context }: { video: Video; context: VideoActionContext }) {
  const { data: user } = useUser();
  const [dialog, setDialog] = useState<'add' | 'share' | null>(null);
  const remove = useDeletePlaylistVideo();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const isOwner = Boolean(user && context.ownerId != null && context.ownerId === user.id && context.playlistId);

  const requireToken = (): boolean => {
    if (hasStoredToken()) return true;
    rememberPath(location.pathname + location.search);
    void navigate('/login');
    return false;
  };

  return (
    <>
      {canEditPlaylists(user) && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Add ${video.title} to playlist`}
          onClick={() => requireToken() && setDialog('add')}
        >
          <IconPlus size={18} />
        </button>
      )}
      {isOwner && (
        <button
          type="button"
          className="icon-button"
          aria-label={`Remove ${video.title} from playlist`}
          disabled={remove.isPending}
          onClick={() => {
            if (!requireToken() || !window.confirm(DELETE_VIDEO_CONFIRM)) return;
            remove.mutate(
              { videoId: video.id, playlistId: context.playlistId! },
              {
                onSuccess: () => toast.show('Video has been deleted from playlist'),
                onError: (e) => toast.show(toMessage(e)),
              },
            );
          }}
        >
          <IconTrash size={18} />
        </button>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={`Share ${video.title}`}
        onClick={() => setDialog('share')}
      >
        <IconShare size={18} />
      </button>
      {dialog === 'add' && <AddToDialog videoIds={[video.id]} onClose={() => setDialog(null)} />}
      {dialog === 'share' && (
        <ShareDialog
          target={{
            videoId: video.id,
            playlistId: context.playlistId ?? DEFAULTS.playerPlaylistId,
            groupId: context.groupId ?? DEFAULTS.playerGroupId,
            title: video.title,
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
