import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { VideoRowLink } from '@/components/cards/VideoRowLink';
import { BackArrow } from '@/components/ui/BackArrow';
import { IconDownload, IconEdit, IconGrip, IconTrash } from '@/components/ui/icons';
import { Loading } from '@/components/ui/Loading';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import type { PlaylistDetail, Video } from '@/lib/api/types';
import { useUser } from '@/lib/auth';
import { DEFAULTS } from '@/lib/constants';
import { countLabel } from '@/lib/format';
import { myPlaylistHref, playerHref, playlistHref } from '@/lib/links';
import { sortableAnnouncements } from '@/lib/sortable-announcements';
import { useSortableSensors } from '@/lib/sortable-sensors';
import { useArrangeVideos } from '../api/arrange-videos';
import { useDeletePlaylist } from '../api/delete-playlist';
import { useDeletePlaylistVideo } from '../api/delete-playlist-video';
import { exportPlaylist } from '../export';
import { customPlaylistKey, useCustomPlaylist } from '../api/get-custom-playlist';
import { hasStoredToken } from '../guard';
import { RenamePlaylistDialog } from './RenamePlaylistDialog';

export const DELETE_VIDEO_CONFIRM_SHORT = 'Delete the video from playlist?';
export const DELETE_PLAYLIST_CONFIRM_LONG = 'Do you really want to delete the playlist?';

/**
 * Reorder rule: a drop on a different item moves the dragged video to the target's position
 * (the items between shift by one); a drop on itself is ignored. Answers the new list and
 * the two positions to send, or null.
 */
export function reorder(
  videos: Video[],
  activeId: number,
  overId: number | null,
): { videos: Video[]; from: number; to: number } | null {
  if (overId === null || activeId === overId) return null;
  const from = videos.findIndex((v) => v.id === activeId);
  const to = videos.findIndex((v) => v.id === overId);
  if (from < 0 || to < 0) return null;
  const moved = arrayMove(videos, from, to).map((v, i) => ({ ...v, position: i + 1 }));
  return { videos: moved, from: videos[from]!.position ?? from + 1, to: videos[to]!.position ?? to + 1 };
}

/** /myPlaylist/{id}/{title}: the person's own playlist; drag to reorder, delete per video, rename. */
export function MyPlaylistScreen() {
  const { playlistId } = useParams();
  const id = Number(playlistId);
  const { data: user } = useUser();
  const q = useCustomPlaylist(id);
  const queryClient = useQueryClient();
  const arrange = useArrangeVideos();
  const removeVideo = useDeletePlaylistVideo();
  const removePlaylist = useDeletePlaylist();
  const toast = useToast();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);

  const sensors = useSortableSensors();

  if (q.isPending) return <Loading />;
  if (q.isError) return <p className="page error-text">{toMessage(q.error)}</p>;
  const playlist = q.data;
  if (user && playlist.user_id != null && playlist.user_id !== user.id) {
    // Another person's playlist is read-only.
    return <Navigate to={playlistHref(playlist.id, playlist.title)} replace />;
  }
  const groupId = playlist.group_id ?? DEFAULTS.playerGroupId;
  const ids = playlist.videos.map((v) => v.id);

  const onDragEnd = (event: DragEndEvent) => {
    const result = reorder(playlist.videos, Number(event.active.id), event.over ? Number(event.over.id) : null);
    if (!result) return;
    queryClient.setQueryData<PlaylistDetail>(customPlaylistKey(id), { ...playlist, videos: result.videos });
    arrange.mutate({ playlistId: id, from: result.from, to: result.to }, { onError: (e) => toast.show(toMessage(e)) });
  };

  return (
    <div className="page">
      <header className="page__header">
        <BackArrow fallback="/myPlaylists" />
        <h1>{playlist.title}</h1>
        <span className="page__count">{countLabel(playlist.videos.length, 'video')}</span>
        <div className="page__actions">
          <button type="button" className="button button--ghost" onClick={() => setRenaming(true)}>
            <IconEdit size={16} /> Rename
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => void exportPlaylist(id, playlist.title)}
          >
            <IconDownload size={16} /> Export
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => {
              if (!hasStoredToken() || !window.confirm(DELETE_PLAYLIST_CONFIRM_LONG)) return;
              removePlaylist.mutate(id, {
                onSuccess: () => {
                  toast.show('Playlist has been deleted');
                  void navigate('/myPlaylists');
                },
                onError: (e) => toast.show(toMessage(e)),
              });
            }}
          >
            <IconTrash size={16} /> Delete playlist
          </button>
        </div>
      </header>
      {playlist.videos.length === 0 ? (
        <p className="muted empty">No Results</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: sortableAnnouncements(
              ids,
              (id) => playlist.videos.find((v) => v.id === id)?.title ?? 'the video',
            ),
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className="video-rows video-rows--sortable" aria-label={`Videos of ${playlist.title}`}>
              {playlist.videos.map((v) => (
                <SortableRow
                  key={v.id}
                  video={v}
                  href={playerHref({ playlistId: id, groupId, videoId: v.id })}
                  onDelete={() => {
                    if (!hasStoredToken() || !window.confirm(DELETE_VIDEO_CONFIRM_SHORT)) return;
                    removeVideo.mutate(
                      { videoId: v.id, playlistId: id },
                      {
                        onSuccess: () => toast.show('Video has been deleted from playlist'),
                        onError: (e) => toast.show(toMessage(e)),
                      },
                    );
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {playlist.videos.length > 0 && (
        <p className="muted page__more">
          <Link to={playerHref({ playlistId: id, groupId, videoId: playlist.videos[0]!.id })}>Play all</Link>
        </p>
      )}
      {renaming && (
        <RenamePlaylistDialog
          playlist={playlist}
          onClose={() => setRenaming(false)}
          onRenamed={(renamed) => void navigate(myPlaylistHref(id, renamed.title), { replace: true })}
        />
      )}
    </div>
  );
}

function SortableRow({ video, href, onDelete }: { video: Video; href: string; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: video.id,
  });
  return (
    <li
      ref={setNodeRef}
      className={`video-row-item${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`row-${video.id}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="icon-button drag-handle"
        aria-label={`Reorder ${video.title}`}
        {...attributes}
        {...listeners}
      >
        <IconGrip size={18} />
      </button>
      <VideoRowLink video={video} to={href} />
      <button
        type="button"
        className="icon-button"
        aria-label={`Delete ${video.title} from playlist`}
        onClick={onDelete}
      >
        <IconTrash size={18} />
      </button>
    </li>
  );
}
