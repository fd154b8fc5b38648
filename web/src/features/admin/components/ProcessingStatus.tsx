import { embedSource } from '@/components/player/embed-url';
import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { useRetryVideoProcessing } from '../api/videos/retry-video-processing';
import { MSG } from '../messages';
import type { ProcessingJob, ProcessingState } from '../types';
import { jobProgressText } from './job-progress';
import { ProgressBar } from './ProgressBar';

const LABELS: Record<ProcessingState, string> = {
  uploaded: 'Uploaded',
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
  external: 'Embedded link',
};

/** Where a video that has only an external link plays from: a service, or a linked file. */
export function playsFrom(source: string): string {
  return source === 'a file' ? 'Plays the linked file' : `Plays from ${source}`;
}

/**
 * Where a video is in the media pipeline: state, progress while processing (with the stage
 * and the time left when the job is known), and for a failed video the reason and a Retry button.
 */
export function ProcessingStatus({
  videoId,
  state,
  progress,
  error,
  link,
  job,
  compact = false,
}: {
  videoId: number;
  state: ProcessingState;
  progress: number;
  error: string | null;
  /** The video's external link, when known: an external video names its service. */
  link?: string | null;
  /** The transcode job as the queue has it: its stage and time left. */
  job?: ProcessingJob | null;
  compact?: boolean;
}) {
  const running = state === 'processing' || state === 'queued';
  const detail = running ? jobProgressText(job) : null;
  const source = state === 'external' && link ? embedSource(link) : null;
  const retry = useRetryVideoProcessing();
  const toast = useToast();
  return (
    <div className={`processing processing--${state}${compact ? ' processing--compact' : ''}`}>
      <span className="processing__state">{source ? playsFrom(source) : (LABELS[state] ?? state)}</span>
      {running && <ProgressBar label="Processing" value={job?.state === 'active' ? job.progress : progress} />}
      {detail && (
        <span className="processing__stage" role="status">
          {detail}
        </span>
      )}
      {state === 'failed' && (
        <>
          {error && <span className="processing__error">{error}</span>}
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(videoId, {
                onSuccess: () => toast.show(MSG.processingQueued),
                onError: (e) => toast.show(toMessage(e)),
              })
            }
          >
            Retry
          </button>
        </>
      )}
    </div>
  );
}
