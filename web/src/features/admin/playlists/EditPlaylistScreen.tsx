import { useState } from 'react';
import { useParams } from 'react-router';
import { IconPlay, IconTrash } from '@/components/ui/icons';
import { Img } from '@/components/ui/Img';
import { formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useDeletePlaylistVideo } from '../api/playlists/delete-playlist-video';
import { useEditPlaylist } from '../api/playlists/edit-playlist';
import { useEditPlaylistThumbnail } from '../api/playlists/edit-playlist-thumbnail';
import { usePlaylistInfo } from '../api/playlists/get-playlist-info';
import { useVideoInfo } from '../api/videos/get-video-info';
import { AccessSwitch, StatusBadge } from '../components/AccessSwitch';
import { FormAlert } from '../components/FormAlert';
import { SaveFooter, TitleField } from '../components/FormParts';
import { Loaded } from '../components/Loaded';
import { MediaPreview } from '../components/MediaPreview';
import { EditPageHeader } from '../components/PageHeader';
import { SortableList } from '../components/SortableList';
import { ThumbnailPanel } from '../components/ThumbnailPanel';
import { useNotify } from '../hooks/use-notify';
import { useRevision } from '../hooks/use-revision';
import { useSaveAndLeave } from '../hooks/use-save-form';
import { MSG } from '../messages';
import type { PlaylistInfo, PlaylistVideo, RevisionMessage, Status } from '../types';
import { moveItem, positionsOf, titleProblem, withoutItem } from '../validation';

/** /editPlaylist/{playlist_id} (spec §2). */
export function EditPlaylistScreen() {
  const id = Number(useParams().playlistId);
  const q = usePlaylistInfo(id);
  return <Loaded query={q}>{(playlist) => <EditPlaylistForm key={id} playlist={playlist} />}</Loaded>;
}

function EditPlaylistForm({ playlist }: { playlist: PlaylistInfo }) {
  const [title, setTitle] = useState(playlist.title);
  const [status, setStatus] = useState<Status>(playlist.status);
  const [videos, setVideos] = useState<PlaylistVideo[]>(() =>
    [...playlist.videos].sort((a, b) => a.position - b.position),
  );
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(videos[0]?.id ?? null);
  const { revision, follow } = useRevision(playlist.revision);
  const edit = useEditPlaylist();
  const removeVideo = useDeletePlaylistVideo();
  const replaceThumbnail = useEditPlaylistThumbnail();
  const form = useSaveAndLeave();
  const notify = useNotify();

  const save = () => {
    if (!form.check(titleProblem(title))) return;
    edit.mutate(
      { id: playlist.id, data: { title: title.trim(), status, positions: positionsOf(videos), revision } },
      form.leaveAfter(MSG.playlistEdited, '/adminPlaylists'),
    );
  };

  const onDelete = (video: PlaylistVideo) => {
    // Its banners are made of this video in this playlist: they go with it (the service deletes them).
    const banners = video.banner_titles.map((t) => `"${t}"`).join(', ');
    const question = banners
      ? `${MSG.deletePlaylistVideoConfirm}\nIts main-page banner ${banners} will be deleted too.`
      : MSG.deletePlaylistVideoConfirm;
    if (!window.confirm(question)) return;
    removeVideo.mutate(
      { videoId: video.id, playlistId: playlist.id },
      notify(MSG.videoDeletedFromPlaylist, (answer: RevisionMessage) => {
        follow(answer.revision);
        setVideos((list) => withoutItem(list, video.id));
        if (previewId === video.id) setPreviewId(null);
      }),
    );
  };

  return (
    <div className="admin-page">
      <EditPageHeader title="EDIT PLAYLIST" back="/adminPlaylists" backText="Back to playlists" />
      <div className="video-editor">
        <div className="video-editor__main">
          <TitleField value={title} onChange={form.field(setTitle)} />
          <AccessSwitch value={status} onChange={form.field(setStatus)} />
          <section className="panel" aria-label="Videos">
            <h2>Videos</h2>
            {videos.length === 0 ? (
              <p className="muted">No videos yet: add them from the video list.</p>
            ) : (
              <SortableList
                label={`Videos of ${playlist.title}`}
                items={videos}
                itemLabel={(v) => v.title}
                onMove={(active, over) => {
                  const moved = moveItem(videos, active, over);
                  if (!moved) return;
                  setVideos(moved.items);
                  form.changed();
                }}
              >
                {(v) => (
                  <div className={`sortable-row${previewId === v.id ? ' is-current' : ''}`}>
                    <span className="sortable-row__pos">{v.position}</span>
                    <Img className="sortable-row__thumb" src={staffImageUrl(v.image)} alt="" />
                    <span className="sortable-row__title">{v.title}</span>
                    {/* Viewers do not see a video whose access is off, in this playlist or anywhere. */}
                    {!v.status && <StatusBadge status={v.status} />}
                    {v.banner_titles.length > 0 && (
                      <span className="status-badge is-on" title={v.banner_titles.join(', ')}>
                        BANNER
                      </span>
                    )}
                    <span className="muted">{formatDuration(v.duration)}</span>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Preview ${v.title}`}
                      onClick={() => setPreviewId(v.id)}
                    >
                      <IconPlay size={16} />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={`Delete ${v.title} from playlist`}
                      onClick={() => onDelete(v)}
                    >
                      <IconTrash size={16} />
                    </button>
                  </div>
                )}
              </SortableList>
            )}
          </section>
        </div>
        <aside className="video-editor__side">
          <section className="panel" aria-label="Preview">
            <h2>Preview</h2>
            {previewId ? <VideoPreview videoId={previewId} /> : <p className="muted">Choose a video to preview.</p>}
          </section>
          <ThumbnailPanel
            file={thumbnail}
            image={playlist.image}
            onReplace={(file) =>
              replaceThumbnail.mutate(
                { id: playlist.id, image: file },
                notify(MSG.thumbnailChanged, () => setThumbnail(file)),
              )
            }
          />
        </aside>
      </div>
      <FormAlert message={form.error} />
      <SaveFooter pending={edit.isPending} onSave={save} />
    </div>
  );
}

/** The preview player: the video's stream once it has one. */
export function VideoPreview({ videoId }: { videoId: number }) {
  const q = useVideoInfo(videoId);
  if (q.isPending) return <p className="loading">{MSG.loading}</p>;
  if (q.isError) return <p className="error-text">{MSG.videoNotLoaded}</p>;
  if (!q.data.scripted_bunny_path) {
    return (
      <p className="muted">
        {q.data.title}: no stream yet ({q.data.processing_state}).
      </p>
    );
  }
  return (
    <MediaPreview
      source={{ kind: 'hls', src: q.data.scripted_bunny_path }}
      title={`${q.data.title} preview`}
      poster={staffImageUrl(q.data.image, 600)}
    />
  );
}
