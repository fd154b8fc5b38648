import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import { API_BASE, ApiError, errorMessage, refreshAccessToken } from '@/lib/api/client';
import { getAccessToken, getRefreshToken, isExpiring } from '@/lib/api/tokens';
import type { UploadAnswer } from '../../types';
import { discardUpload } from './upload-processing';

/** The api's tus endpoint (resumable uploads; upload_video/ answers the same JSON in one request). */
export const RESUMABLE_UPLOAD_URL = `${API_BASE}upload_video_resumable/`;

/**
 * Bytes per PATCH request. A dropped connection loses at most the chunk in flight, and each
 * request stays well under the body limits of proxies in front of the api.
 */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/** After a dropped connection: try again at once, then back off up to half a minute, for about 5 minutes. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, ...Array<number>(10).fill(30_000)];

export interface UploadProgress {
  /** 0..1 of the file stored on the server. */
  fraction: number;
  /** Bytes per second over the last seconds; null until measured. */
  bytesPerSecond: number | null;
  /** Seconds left at that speed; null until measured. */
  secondsLeft: number | null;
  /** The upload continued one started earlier (a closed tab, a lost connection). */
  resumed: boolean;
}

async function freshToken(): Promise<string | null> {
  const token = getAccessToken();
  if (token && isExpiring(token) && getRefreshToken()) return (await refreshAccessToken()) ?? token;
  return token;
}

/**
 * Uploads `file` with the tus protocol. An upload of the same file started earlier in this
 * browser (same name, size, type and date; the address is kept in localStorage) goes on from
 * the last byte the server stored; a dropped connection is retried and resumed the same way.
 * Each request carries a fresh access token; a 401 refreshes it and tries again.
 */
export function uploadVideo(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const meter = new SpeedMeter();
    let resumed = false;
    let refreshedAfter401 = false;
    const upload = new Upload(file, {
      endpoint: RESUMABLE_UPLOAD_URL,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { filename: file.name, filetype: file.type },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (request) => {
        const token = await freshToken();
        if (token) request.setHeader('Authorization', `JWT ${token}`);
      },
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 401 && !refreshedAfter401 && getRefreshToken()) {
          refreshedAfter401 = true;
          void refreshAccessToken();
          return true;
        }
        // tus-js-client's own rule: a lost connection or a server-side failure, not a refusal.
        return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
      },
      onProgress: (sent, total) => onProgress(meter.sample(sent, total, resumed)),
      onSuccess: ({ lastResponse }) => {
        const body = parse(lastResponse.getBody());
        if (body && typeof body === 'object' && 'file_original_path_linux' in body) {
          onProgress({ fraction: 1, bytesPerSecond: null, secondsLeft: 0, resumed });
          resolve(body as UploadAnswer);
        } else {
          reject(new ApiError('The upload ended without an answer; please, upload the video again', 0, body));
        }
      },
      onError: (error) => {
        if (error instanceof DetailedError && error.originalResponse) {
          const status = error.originalResponse.getStatus();
          const body = parse(error.originalResponse.getBody());
          reject(new ApiError(errorMessage(body, `Request failed with status code ${status}`), status, body));
        } else {
          reject(new ApiError('Network Error', 0, null));
        }
      },
    });
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener(
      'abort',
      () => {
        // Stop sending but keep the server's copy: choosing the same file again resumes it.
        void upload.abort(false);
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (signal?.aborted) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) {
          resumed = true;
          upload.resumeFromPreviousUpload(latest);
        }
        upload.start();
      })
      .catch(() => upload.start());
  });
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return text;
  }
}

/** Speed over a sliding window of the last 5 s of progress, and the time left at that speed. */
export class SpeedMeter {
  private samples: { at: number; bytes: number }[] = [];

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly windowMs = 5000,
  ) {}

  sample(sent: number, total: number, resumed: boolean): UploadProgress {
    const at = this.now();
    // A resumed request starts below what was counted before a drop: measure from there.
    if (this.samples.length > 0 && sent < this.samples[this.samples.length - 1]!.bytes) this.samples = [];
    this.samples.push({ at, bytes: sent });
    while (this.samples.length > 2 && at - this.samples[0]!.at > this.windowMs) this.samples.shift();
    const first = this.samples[0]!;
    const elapsed = (at - first.at) / 1000;
    const bytesPerSecond = elapsed >= 0.5 ? (sent - first.bytes) / elapsed : null;
    const secondsLeft =
      bytesPerSecond && bytesPerSecond > 0 ? Math.max(0, Math.round((total - sent) / bytesPerSecond)) : null;
    return { fraction: total > 0 ? sent / total : 0, bytesPerSecond, secondsLeft, resumed };
  }
}

export type UploadState =
  | { phase: 'idle' }
  | ({ phase: 'uploading'; file: File; progress: number } & Omit<UploadProgress, 'fraction'>)
  | { phase: 'uploaded'; file: File; answer: UploadAnswer }
  | { phase: 'failed'; file: File; message: string };

/**
 * The add form's upload (spec §4: file chosen, uploading, uploaded when the answer carries the
 * original's path). Choosing another file cancels the running upload; an upload done but not
 * saved is discarded on the server when another file replaces it, on Cancel, and when the
 * screen closes without Save (`saved()` keeps it), so its transcode stops making files nobody
 * will use.
 */
export function useVideoUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  /** The stored upload not yet saved as a video, if any. */
  const unsaved = useRef<string | null>(null);

  const discardUnsaved = useCallback((keepalive = false) => {
    const key = unsaved.current;
    unsaved.current = null;
    // The server sweeps a left upload anyway (UPLOAD_STALE_AFTER_MS): a failure here costs nothing.
    if (key) discardUpload(key, { keepalive }).catch(() => undefined);
  }, []);

  const start = useCallback(
    (file: File) => {
      controller.current?.abort();
      discardUnsaved();
      const own = new AbortController();
      controller.current = own;
      setState({ phase: 'uploading', file, progress: 0, bytesPerSecond: null, secondsLeft: null, resumed: false });
      uploadVideo(
        file,
        ({ fraction, ...rest }) => {
          if (!own.signal.aborted) setState({ phase: 'uploading', file, progress: fraction, ...rest });
        },
        own.signal,
      ).then(
        (answer) => {
          unsaved.current = answer.file_original_path_linux;
          if (own.signal.aborted) discardUnsaved();
          else setState({ phase: 'uploaded', file, answer });
        },
        (error: unknown) => {
          if (own.signal.aborted) return;
          setState({ phase: 'failed', file, message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [discardUnsaved],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    discardUnsaved();
    setState({ phase: 'idle' });
  }, [discardUnsaved]);

  /** Save took the upload: it is the video's now, not to be discarded. */
  const saved = useCallback(() => {
    unsaved.current = null;
  }, []);

  useEffect(
    () => () => {
      controller.current?.abort();
      discardUnsaved();
    },
    [discardUnsaved],
  );

  // A tab closed or reloaded unmounts nothing: the upload is discarded as the page goes, so
  // its transcode stops (a page kept in the back/forward cache may come back, and keeps it).
  useEffect(() => {
    const left = (event: PageTransitionEvent) => {
      if (!event.persisted) discardUnsaved(true);
    };
    window.addEventListener('pagehide', left);
    return () => window.removeEventListener('pagehide', left);
  }, [discardUnsaved]);

  return { state, start, cancel, saved };
}
