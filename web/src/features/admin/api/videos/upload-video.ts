import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE, ApiError, errorMessage, refreshAccessToken } from '@/lib/api/client';
import { getAccessToken, getRefreshToken, isExpiring } from '@/lib/api/tokens';
import type { UploadAnswer } from '../../types';

/**
 * POST upload_video/ (multipart `file`). fetch cannot report upload progress, so this one call
 * uses XMLHttpRequest: `onProgress` hears the fraction of bytes sent (0..1). The access token
 * is refreshed first when it is about to expire, and once more after a 401.
 */
export async function uploadVideo(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  let token = getAccessToken();
  if (token && isExpiring(token) && getRefreshToken()) token = (await refreshAccessToken()) ?? token;
  try {
    return await send(file, token, onProgress, signal);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && getRefreshToken()) {
      const fresh = await refreshAccessToken();
      if (fresh) return send(file, fresh, onProgress, signal);
    }
    throw error;
  }
}

function send(
  file: File,
  token: string | null,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}upload_video/`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `JWT ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as UploadAnswer);
      } else {
        reject(new ApiError(errorMessage(body, `Request failed with status code ${xhr.status}`), xhr.status, body));
      }
    };
    xhr.onerror = () => reject(new ApiError('Network Error', 0, null));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; file: File; progress: number }
  | { phase: 'uploaded'; file: File; answer: UploadAnswer }
  | { phase: 'failed'; file: File; message: string };

/**
 * The add form's upload (spec §4: file chosen, uploading, uploaded when the answer carries the
 * original's path). Choosing another file cancels the running upload.
 */
export function useVideoUpload() {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback((file: File) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ phase: 'uploading', file, progress: 0 });
    uploadVideo(
      file,
      (progress) => {
        if (!own.signal.aborted) setState({ phase: 'uploading', file, progress });
      },
      own.signal,
    ).then(
      (answer) => {
        if (!own.signal.aborted) setState({ phase: 'uploaded', file, answer });
      },
      (error: unknown) => {
        if (own.signal.aborted) return;
        setState({ phase: 'failed', file, message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  }, []);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, start, cancel };
}
