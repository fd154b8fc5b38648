/**
 * Typed errors of the media library. Callers map them to answers without parsing messages:
 * BadMediaError is the uploader's fault (HTTP 4xx, job fails at once, no retry);
 * FfmpegError is a tool failure that may be transient (the job may retry).
 */

export type BadMediaReason =
  | 'empty'
  | 'unreadable'
  | 'unsupported_type'
  | 'truncated'
  | 'active_content'
  | 'too_large'
  | 'no_video'
  | 'no_audio'
  | 'invalid_media'
  | 'invalid_range'
  | 'external_reference';

export class BadMediaError extends Error {
  override readonly name = 'BadMediaError';

  constructor(
    message: string,
    readonly reason: BadMediaReason,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class FfmpegError extends Error {
  override readonly name = 'FfmpegError';

  constructor(
    message: string,
    /** Exit code, or null when the process was killed by a signal. */
    readonly exitCode: number | null,
    /** The last lines ffmpeg wrote to stderr, for logs (never shown to end users). */
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

/** Raised when an AbortSignal stopped a running ffmpeg (worker shutdown, job cancelled). */
export class MediaAbortedError extends Error {
  override readonly name = 'MediaAbortedError';
}

export class StorageKeyError extends Error {
  override readonly name = 'StorageKeyError';
}

export class StorageNotFoundError extends Error {
  override readonly name = 'StorageNotFoundError';

  constructor(readonly key: string) {
    super(`No stored object under key "${key}"`);
  }
}

/** A Range that cannot be served for the object's size (HTTP 416). */
export class StorageRangeError extends Error {
  override readonly name = 'StorageRangeError';

  constructor(
    readonly key: string,
    readonly size: number,
  ) {
    super(`Range not satisfiable for "${key}" of ${size} bytes`);
  }
}
