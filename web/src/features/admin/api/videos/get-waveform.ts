import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { adminKeys } from '../keys';

/** Whose audio the track wizard draws: an upload not saved yet, or a saved video's stream. */
export type WaveformSource = { kind: 'upload'; key: string } | { kind: 'video'; id: number };

/** Loudest sample of each equal slice of the audio (0..1) over `duration` seconds. */
export interface Waveform {
  duration: number;
  peaks: number[];
}

type WaveformAnswer = Waveform | { pending: true };

/** How often to ask again while the worker draws an upload's waveform (it answers 202). */
export const WAVEFORM_POLL_MS = 1500;

/** GET get_upload_waveform/?key= or get_video_waveform/{videoId}/: drawn once by the worker. */
export function getWaveform(source: WaveformSource, signal?: AbortSignal): Promise<WaveformAnswer> {
  if (source.kind === 'video') {
    return api('/cuviewTV/get_video_waveform/{videoId}', { path: { videoId: source.id }, auth: 'required', signal });
  }
  return api('/cuviewTV/get_upload_waveform', {
    query: { key: source.key },
    auth: 'required',
    signal,
  }) as Promise<WaveformAnswer>;
}

export const waveformQueryOptions = (source: WaveformSource) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'waveform', source.kind, source.kind === 'video' ? source.id : source.key],
    queryFn: ({ signal }) => getWaveform(source, signal),
    refetchInterval: (query) => (query.state.data && 'pending' in query.state.data ? WAVEFORM_POLL_MS : false),
    // A 404 (no audio, not transcoded yet) is an answer, not a hiccup to retry.
    retry: false,
    staleTime: Infinity,
  });

/** The waveform once drawn; `pending` while the worker draws it. */
export function useWaveform(source: WaveformSource | null) {
  const query = useQuery({
    ...waveformQueryOptions(source ?? { kind: 'video', id: 0 }),
    enabled: source !== null,
  });
  const data = query.data;
  return {
    waveform: data && !('pending' in data) ? data : null,
    pending: source !== null && (query.isPending || (data !== undefined && 'pending' in data)),
    error: query.error,
  };
}
