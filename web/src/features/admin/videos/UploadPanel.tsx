import { useId } from 'react';
import { formatDuration } from '@/lib/format';
import type { UploadState } from '../api/videos/upload-video';
import { jobProgressText } from '../components/job-progress';
import type { ProcessingJob } from '../types';
import { MediaPreview } from '../components/MediaPreview';
import { ProgressBar } from '../components/ProgressBar';
import { MSG } from '../messages';

/**
 * The add form's video panel (spec §4): choose a file, watch the upload's real progress (with
 * its speed and the time left; a file whose upload was cut off earlier resumes where it
 * stopped), then "Uploaded" once the API answers with the original's path and measured duration,
 * and the transcode that starts then, by stage with the time left, while the form is filled.
 * The chosen file plays locally at once, so tracks can be cut while it uploads.
 */
export function UploadPanel({
  state,
  processing,
  localSrc,
  onChoose,
  onCancel,
  onDuration,
}: {
  state: UploadState;
  /** The transcode the upload's end started (undefined until known). */
  processing?: ProcessingJob | null;
  localSrc: string | null;
  onChoose: (file: File) => void;
  onCancel: () => void;
  onDuration: (seconds: number) => void;
}) {
  const id = useId();
  const chooser = (text: string) => (
    <>
      <label className="button button--ghost button--small" htmlFor={id}>
        {text}
      </label>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        aria-label="Video file"
        accept="video/*,.mp4,.mov,.mkv,.webm,.avi,.ts,.m4v"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) onChoose(file);
        }}
      />
    </>
  );

  return (
    <section className="panel" aria-label="Video upload">
      <h2>Video</h2>
      {state.phase === 'idle' && (
        <>
          <p className="muted">Choose the video file; it uploads while you fill in the form.</p>
          {chooser('Choose video file')}
        </>
      )}
      {state.phase === 'uploading' && (
        <>
          <p className="panel__file">{state.file.name}</p>
          <ProgressBar label="Upload" value={state.progress * 100} />
          <p className="muted" role="status">
            {uploadStatus(state)}
          </p>
          <button type="button" className="button button--ghost button--small" onClick={onCancel}>
            Cancel upload
          </button>
        </>
      )}
      {state.phase === 'uploaded' && (
        <>
          <p className="panel__file">{state.file.name}</p>
          <ProgressBar label="Upload" value={100} />
          <p>Uploaded · {formatDuration(state.answer.duration)}.</p>
          {processing?.state === 'active' && <ProgressBar label="Transcoding" value={processing.progress} />}
          <p className="muted" role="status">
            {transcodeStatus(processing)}
          </p>
          {chooser('Replace video file')}
        </>
      )}
      {state.phase === 'failed' && (
        <>
          <p className="panel__file">{state.file.name}</p>
          <p className="form-error" role="alert">
            {MSG.videoUploadFailed}
          </p>
          {state.message && state.message !== MSG.videoUploadFailed && <p className="muted">{state.message}</p>}
          <div className="row-actions">
            <button type="button" className="button button--ghost button--small" onClick={() => onChoose(state.file)}>
              Try again
            </button>
            {chooser('Choose another file')}
          </div>
        </>
      )}
      {localSrc && state.phase !== 'idle' && (
        <MediaPreview source={{ kind: 'file', src: localSrc }} title="Chosen video" onDuration={onDuration} />
      )}
    </section>
  );
}

type Uploading = Extract<UploadState, { phase: 'uploading' }>;

/** "Resuming… 41 % · 12.5 MB/s · 1:20 left": the speed and time left once measured. */
export function uploadStatus(state: Uploading): string {
  const parts = [`${state.resumed ? 'Resuming' : 'Uploading'}… ${Math.floor(state.progress * 100)} %`];
  if (state.bytesPerSecond !== null) parts.push(`${formatSpeed(state.bytesPerSecond)}`);
  if (state.secondsLeft !== null) parts.push(`${formatDuration(state.secondsLeft)} left`);
  return parts.join(' · ');
}

function formatSpeed(bytesPerSecond: number): string {
  const mb = bytesPerSecond / 1_000_000;
  return mb >= 1 ? `${mb.toFixed(1)} MB/s` : `${Math.max(1, Math.round(bytesPerSecond / 1000))} kB/s`;
}

/** The upload's transcode before Save, in words: its stage and time left while it runs. */
export function transcodeStatus(job: ProcessingJob | null | undefined): string {
  if (job?.state === 'completed') return 'Transcoded: the video is ready soon after Save (its audio is marked then).';
  if (job?.state === 'failed') return 'Transcoding failed: it starts again on Save.';
  return jobProgressText(job) ?? 'Transcoding starts…';
}
