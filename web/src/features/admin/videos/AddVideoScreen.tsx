import { useState } from 'react';
import { useFillVideoInfo } from '../api/videos/fill-video-info';
import { useUploadProcessing } from '../api/videos/upload-processing';
import { useVideoUpload } from '../api/videos/upload-video';
import { FormAlert } from '../components/FormAlert';
import { SaveFooter } from '../components/FormParts';
import { ImagePicker } from '../components/ImagePicker';
import { useObjectUrl } from '../components/use-object-url';
import { useSaveAndLeave } from '../hooks/use-save-form';
import { MSG } from '../messages';
import { validateVideoForm } from '../validation';
import { TrackTable } from './TrackTable';
import { TrackWizard, type WizardTrack } from './TrackWizard';
import { UploadPanel } from './UploadPanel';
import { EMPTY_VIDEO_FIELDS, toIdLists, VideoForm, type VideoFields } from './VideoForm';

/**
 * /addVideo (spec §2): the form, tracks through the wizard, the upload and the thumbnail.
 * The transcode starts when the upload ends and its stage shows while the form is filled;
 * Save checks in the spec's order, creates the video (whose processing then only marks the
 * audio with the tracks, or goes on) and opens its edit screen, where the progress shows.
 */
export function AddVideoScreen() {
  const [fields, setFields] = useState<VideoFields>(EMPTY_VIDEO_FIELDS);
  const [tracks, setTracks] = useState<WizardTrack[]>([]);
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const [tracksError, setTracksError] = useState<string | null>(null);
  const [localDuration, setLocalDuration] = useState<number | null>(null);
  const upload = useVideoUpload();
  const fill = useFillVideoInfo();
  // Not asked once Save has sent the upload: a saved upload is no longer one (400).
  const uploadKey =
    upload.state.phase === 'uploaded' && !fill.isPending && !fill.isSuccess
      ? upload.state.answer.file_original_path_linux
      : null;
  const processing = useUploadProcessing(uploadKey);
  const form = useSaveAndLeave();

  const file = upload.state.phase === 'idle' ? null : upload.state.file;
  const localSrc = useObjectUrl(file);
  const duration = upload.state.phase === 'uploaded' ? upload.state.answer.duration : localDuration;
  const last = tracks[tracks.length - 1];

  const openWizard = () => {
    // The excerpts are cut on the video's timeline: there must be a video (spec §5).
    if (upload.state.phase === 'idle' || upload.state.phase === 'failed') {
      setTracksError(MSG.uploadFirst);
      return;
    }
    setTracksError(null);
    setWizardOpen(true);
  };

  const save = () => {
    const problem = validateVideoForm(
      { ...fields, trackCount: tracks.length, uploaded: upload.state.phase === 'uploaded' },
      'add',
    );
    if (!form.check(problem)) return;
    if (upload.state.phase !== 'uploaded') return;
    const { answer } = upload.state;
    const lists = toIdLists(fields);
    const leave = form.leaveAfter<{ id: number }>(MSG.videoAdded, (video) => `/editVideo/${video.id}`);
    fill.mutate(
      {
        data: {
          title: fields.title.trim(),
          description: fields.description.trim(),
          yt_link: fields.yt_link.trim(),
          file_original_path_linux: answer.file_original_path_linux,
          duration: answer.duration,
          genres: lists.genres,
          moods: lists.moods,
          videoGenres: lists.videogenres,
          tags: lists.tags,
          tracks: tracks.map(({ track_id, album_id, position, start_time, end_time }) => ({
            track_id,
            album_id,
            position,
            start_time,
            end_time,
          })),
          status: fields.status,
        },
        thumbnail,
      },
      {
        ...leave,
        onSuccess: (video: { id: number }) => {
          upload.saved();
          leave.onSuccess(video);
        },
      },
    );
  };

  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>ADD VIDEO</h1>
      </header>
      <div className="video-editor">
        <div className="video-editor__main">
          <VideoForm value={fields} onChange={form.field(setFields)} hasStream={false} />
          <section className="panel" aria-label="Tracks">
            <div className="panel__header">
              <h2>Tracks</h2>
              <button type="button" className="button button--ghost button--small" onClick={openWizard}>
                Add Track
              </button>
            </div>
            <FormAlert message={tracksError} />
            <TrackTable tracks={tracks} onRemove={(t) => form.field(setTracks)(tracks.filter((x) => x !== t))} />
          </section>
        </div>
        <aside className="video-editor__side">
          <UploadPanel
            state={upload.state}
            processing={processing.data}
            localSrc={localSrc}
            onChoose={(f) => {
              setLocalDuration(null);
              upload.start(f);
              form.setDirty(true);
              setTracksError(null);
            }}
            onCancel={upload.cancel}
            onDuration={setLocalDuration}
          />
          <section className="panel" aria-label="Thumbnail">
            <h2>Thumbnail</h2>
            <ImagePicker label="Thumbnail" hideLabel file={thumbnail} onChange={form.field(setThumbnail)} />
          </section>
        </aside>
      </div>
      <FormAlert message={form.error} />
      <SaveFooter pending={fill.isPending} onSave={save} />
      {wizardOpen && (
        <TrackWizard
          previous={last}
          videoDuration={duration}
          videoSource={localSrc ? { kind: 'file', src: localSrc } : null}
          waveformSource={
            upload.state.phase === 'uploaded'
              ? { kind: 'upload', key: upload.state.answer.file_original_path_linux }
              : null
          }
          onClose={() => setWizardOpen(false)}
          onSave={(track) => {
            form.field(setTracks)([...tracks, track]);
            setWizardOpen(false);
          }}
        />
      )}
    </div>
  );
}
