import { useState } from 'react';
import { useParams } from 'react-router';
import { EmbedPlayer } from '@/components/player/EmbedPlayer';
import { formatDuration } from '@/lib/format';
import { staffImageUrl } from '@/lib/images';
import { useEditVideoInfo } from '../api/videos/edit-video-info';
import { useEditVideoThumbnail } from '../api/videos/edit-video-thumbnail';
import { useVideoInfo } from '../api/videos/get-video-info';
import { FormAlert } from '../components/FormAlert';
import { SaveFooter } from '../components/FormParts';
import { Loaded } from '../components/Loaded';
import { MediaPreview } from '../components/MediaPreview';
import { EditPageHeader } from '../components/PageHeader';
import { ProcessingStatus } from '../components/ProcessingStatus';
import { ThumbnailPanel } from '../components/ThumbnailPanel';
import { useObjectUrl } from '../components/use-object-url';
import { useNotify } from '../hooks/use-notify';
import { useSaveAndLeave } from '../hooks/use-save-form';
import { MSG } from '../messages';
import type { VideoInfo } from '../types';
import { validateVideoForm } from '../validation';
import { SubtitlesPanel } from './SubtitlesPanel';
import { TrackTable } from './TrackTable';
import { toIdLists, VideoForm, type VideoFields } from './VideoForm';

/** /editVideo/{video_id} (spec §2): the same form with its data, tracks read-only, thumbnail, player. */
export function EditVideoScreen() {
  const id = Number(useParams().videoId);
  const q = useVideoInfo(id);
  return (
    <Loaded query={q} errorText={MSG.videoNotLoaded} showCause>
      {(video) => <EditVideoForm key={id} video={video} />}
    </Loaded>
  );
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
  // The revision the form was opened on, not a later poll's: a save from it is refused (409)
  // when someone else saved since, and the message shows above Save with the typing kept.
  const [revision] = useState(video.revision);
  const edit = useEditVideoInfo();
  const replaceThumbnail = useEditVideoThumbnail();
  const form = useSaveAndLeave();
  const notify = useNotify();
  // The player's poster: the thumbnail just chosen, else the video's own (a signed address,
  // so it shows while the video's access is off too).
  const poster = useObjectUrl(thumbnail) ?? staffImageUrl(video.image, 600);

  const save = () => {
    const problem = validateVideoForm({ ...fields, trackCount: video.tracks.length, uploaded: true }, 'edit');
    if (!form.check(problem)) return;
    edit.mutate(
      {
        id: video.id,
        data: {
          title: fields.title.trim(),
          description: fields.description.trim(),
          yt_link: fields.yt_link.trim(),
          ...toIdLists(fields),
          status: fields.status,
          revision,
        },
      },
      form.leaveAfter(MSG.videoEdited, '/adminVideos'),
    );
  };

  return (
    <div className="admin-page">
      <EditPageHeader title="EDIT VIDEO" back="/adminVideos" backText="Back to videos" />
      <div className="video-editor">
        <div className="video-editor__main">
          <VideoForm value={fields} onChange={form.field(setFields)} hasStream={Boolean(video.scripted_bunny_path)} />
          <section className="panel" aria-label="Tracks">
            <h2>Tracks</h2>
            <TrackTable tracks={video.tracks} />
          </section>
          <SubtitlesPanel videoId={video.id} />
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
              link={video.yt_link}
              job={video.job}
            />
            {video.processing_state === 'ready' && video.watermark_warning && (
              <p className="processing__warning" role="note">
                {video.watermark_warning}
              </p>
            )}
            {video.scripted_bunny_path ? (
              <MediaPreview
                source={{ kind: 'hls', src: video.scripted_bunny_path }}
                title={`${video.title} player`}
                poster={poster}
              />
            ) : video.yt_link ? (
              <EmbedPlayer url={video.yt_link} title={video.title} poster={poster} />
            ) : null}
          </section>
          <ThumbnailPanel
            file={thumbnail}
            image={video.image}
            onReplace={(file) =>
              replaceThumbnail.mutate(
                { id: video.id, file },
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
