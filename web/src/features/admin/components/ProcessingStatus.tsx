import { useToast } from '@/components/ui/toast';
import { toMessage } from '@/lib/api/client';
import { useRetryVideoProcessing } from '../api/videos/retry-video-processing';
import { MSG } from '../messages';
import type { ProcessingState } from '../types';
import { ProgressBar } from './ProgressBar';

const LABELS: Record<ProcessingState, string> = {
  uploaded: 'Uploaded',
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
  external: 'YouTube only',
};

/**
 * Where a video is in the media pipeline: state, progress while processing, and for a failed
 * video the reason and a Retry button.
 */
export function ProcessingStatus({
  videoId,
  state,
  progress,
  error,
  compact = false,
}: {
  videoId: number;
  state: ProcessingState;
  progress: number;
  error: string | null;
  compact?: boolean;
}) {
  const retry = useRetryVideoProcessing();
  const toast = useToast();
  return (
    <div className={`processing processing--${state}${compact ? ' processing--compact' : ''}`}>
      <span className="processing__state">{LABELS[state] ?? state}</span>
      {(state === 'processing' || state === 'queued') && <ProgressBar label="Processing" value={progress} />}
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
