import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { PROCESSING_POLL_MS } from '../../messages';
import type { ProcessingJob } from '../../types';
import { adminKeys } from '../keys';

/**
 * How often the Add Video screen asks once the upload's transcode is done: each ask also tells
 * the api the form is still open, so the upload is not swept as left (UPLOAD_STALE_AFTER_MS).
 */
export const UPLOAD_KEEPALIVE_MS = 60_000;

/** GET upload_processing/?key=: the transcode the upload's end started (null when none is queued). */
export function getUploadProcessing(key: string, signal?: AbortSignal): Promise<ProcessingJob | null> {
  return api('/cuviewTV/upload_processing', {
    query: { key },
    auth: 'required',
    signal,
  }) as Promise<ProcessingJob | null>;
}

export function isJobRunning(job: ProcessingJob | null | undefined): boolean {
  return !!job && job.state !== 'completed' && job.state !== 'failed';
}

export const uploadProcessingQueryOptions = (key: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'upload-processing', key],
    queryFn: ({ signal }) => getUploadProcessing(key, signal),
    refetchInterval: (query) => (isJobRunning(query.state.data) ? PROCESSING_POLL_MS : UPLOAD_KEEPALIVE_MS),
    // A saved or discarded upload answers 400: nothing to poll any more.
    retry: false,
  });

/** The transcode of the upload `key` (null: no upload yet) while the form is filled. */
export function useUploadProcessing(key: string | null) {
  return useQuery({ ...uploadProcessingQueryOptions(key ?? ''), enabled: key !== null });
}

/**
 * DELETE discard_upload/?key=: the upload and what its transcode wrote (a replaced or left file).
 * `keepalive` sends it as the page is left (a closed tab, a reload).
 */
export function discardUpload(key: string, { keepalive = false } = {}): Promise<unknown> {
  return api('/cuviewTV/discard_upload', { method: 'DELETE', query: { key }, auth: 'required', keepalive });
}
