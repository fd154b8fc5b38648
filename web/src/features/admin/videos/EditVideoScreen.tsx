import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useEditVideoInfo } from '../api/videos/edit-video-info';
import { useEditVideoThumbnail } from '../api/videos/edit-video-thumbnail';
import { useVideoInfo } from '../api/videos/get-video-info';
import { FormAlert } from '../components/FormAlert';
import { ImagePicker } from '../components/ImagePicker';
import { MediaPreview } from '../components/MediaPreview';
import { ProcessingStatus } from '../components/ProcessingStatus';
import { MSG } from '../messages';
import type { VideoInfo } from '../types';
import { useDirtyFlag } from '../unsaved-changes';
import { validateVideoForm } from '../validation';
import { TrackTable } from './TrackTable';
import { toIdLists, VideoForm, type VideoFields } from './VideoForm';

/** /editVideo/{video_id} (spec §2): the same form with its data, tracks read-only, thumbnail, player. */
export function EditVideoScreen() {
  const id = Number(useParams().videoId);
  const q = useVideoInfo(id);
  if (q.isPending) return <p className="loading admin-page">{MSG.loading}</p>;
  if (q.isError) {
    return (
      <div className="admin-page" role="alert">
        <p className="error-text">{MSG.videoNotLoaded}</p>
        <p className="muted">{toMessage(q.error)}</p>
      </div>
    );
  }
  return <EditVideoForm key={id} video={q.data} />;
}

function fieldsOf(v: VideoInfo): VideoFields {
  return {
    title: v.title,
    description: v.description ?? '',
    yt_link: v.yt_link ?? '',
    genres: v.genres,
    moods: v.moods,
    videogenres: v.videogenres,
    tags: v.tags,
    status: v.status,
  };
}

function EditVideoForm({ video }: { video: VideoInfo }) {
  // The form starts from the loaded video; later polls (processing progress) do not reset it.
  const [fields, setFields] = useState<VideoFields>(() => fieldsOf(video));
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditVideoInfo();
  const replaceThumbnail = useEditVideoThumbnail();
  const setDirty = useDirtyFlag();
  const toast = useToast();
  const navigate = useNavigate();

  const save = () => {
    const problem = validateVideoForm({ ...fields, trackCount: video.tracks.length, uploaded: true }, 'edit');
    if (problem) {
      setError(problem);
      return;
    }
    edit.mutate(
      {
        id: video.id,
        data: {
          title: fields.title.trim(),
          description: fields.description.trim(),
          yt_link: fields.yt_link.trim(),
          ...toIdLists(fields),
          status: fields.status,
        },
      },
      {
        onSuccess: () => {
          toast.show(MSG.videoEdited);
          setDirty(false);
          void navigate('/adminVideos');
        },
        onError: (e) => setError(toMessage(e)),
      },
    );
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>EDIT VIDEO</h1>
        <Link to="/adminVideos" className="button button--ghost button--small">
          Back to videos
        </Link>
      </header>
      <div className="video-editor">
        <div className="video-editor__main">
          <VideoForm
            value={fields}
            onChange={(v) => {
              setFields(v);
              setDirty(true);
              setError(null);
            }}
          />
          <section className="panel" aria-label="Tracks">
            <h2>Tracks</h2>
            <TrackTable tracks={video.tracks} />
          </section>
        </div>
        <aside className="video-editor__side">
          <section className="panel" aria-label="Video">
            <h2>Video</h2>
            <p className="muted">Duration {formatDuration(video.duration)}</p>
            <ProcessingStatus
              videoId={video.id}
              state={video.processing_state}
              progress={video.processing_progress}
              error={video.processing_error}
            />
            {video.scripted_bunny_path ? (
              <MediaPreview source={{ kind: 'hls', src: video.scripted_bunny_path }} title={`${video.title} player`} />
            ) : video.yt_link ? (
              <p>
                <a href={video.yt_link} target="_blank" rel="noreferrer">
                  Watch on YouTube
                </a>
              </p>
            ) : null}
          </section>
          <section className="panel" aria-label="Thumbnail">
            <h2>Thumbnail</h2>
            <ImagePicker
              label="Thumbnail"
              hideLabel
              buttonText="Change"
              removable={false}
              file={thumbnail}
              currentSrc={staffImageUrl(video.image) ?? null}
              onChange={(file) => {
                if (!file) {
                  setThumbnail(null);
                  return;
                }
                replaceThumbnail.mutate(
                  { id: video.id, file },
                  {
                    onSuccess: () => {
                      setThumbnail(file);
                      toast.show(MSG.thumbnailChanged);
                    },
                    onError: (e) => toast.show(toMessage(e)),
                  },
                );
              }}
            />
          </section>
        </aside>
      </div>
      <FormAlert message={error} />
      <div className="admin-page__footer">
        <button type="button" className="button button--primary" disabled={edit.isPending} onClick={save}>
          {edit.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}
