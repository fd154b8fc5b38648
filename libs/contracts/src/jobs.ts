/**
 * The job catalogue: every queue, job name and payload in one place. Payloads carry ids only;
 * job ids are deterministic so a double enqueue is one job (DESIGN.md §5).
 */
export enum QueueName {
  Video = 'video',
  Image = 'image',
  Track = 'track',
  Analyze = 'analyze',
}

export enum JobName {
  VideoTranscode = 'video.transcode',
  ImageResize = 'image.resize',
  TrackExcerpt = 'track.excerpt',
  TrackFingerprint = 'track.fingerprint',
  VideoAnalyze = 'video.analyze',
  /** The seek-bar storyboard of a ready video that has none (videos transcoded before storyboards). */
  VideoStoryboard = 'video.storyboard',
  UploadWaveform = 'upload.waveform',
}

export interface JobPayloads {
  /**
   * `uploadKey` when queued by the upload's end, before Save: the video row does not exist
   * yet (its id is reserved for the upload), so the run reads the original from the key.
   */
  [JobName.VideoTranscode]: { videoId: number; uploadKey?: string; requestId?: string };
  [JobName.ImageResize]: { kind: string; id: number; requestId?: string };
  [JobName.TrackExcerpt]: { albumTrackId: number; requestId?: string };
  [JobName.TrackFingerprint]: { albumTrackId: number; requestId?: string };
  [JobName.VideoAnalyze]: { videoId: number; offset: number; requestId?: string };
  [JobName.VideoStoryboard]: { videoId: number; requestId?: string };
  /** An upload has no row until a video claims it: its server-generated storage key is its id. */
  [JobName.UploadWaveform]: { uploadKey: string; requestId?: string };
}

export type JobPayload<N extends JobName> = JobPayloads[N];

/**
 * What a running job reports as its BullMQ progress (jobs that report only a number still
 * work: readers take a number as the percent of an unnamed stage).
 */
export interface JobProgress {
  /** 0..100 of the whole job. */
  percent: number;
  /** What runs now: `probe`, `audio and watermark`, `720p, 480p, 360p`, `storyboard`, `packaging`, `poster`… */
  stage: string;
  /** Estimated seconds until the job is done, null until there is something to estimate from. */
  secondsLeft: number | null;
}

/** A job's progress as BullMQ hands it back (a number, an object of ours, or anything a client wrote). */
export function readJobProgress(progress: unknown): JobProgress {
  if (typeof progress === 'number') return { percent: progress, stage: '', secondsLeft: null };
  if (progress && typeof progress === 'object') {
    const p = progress as Partial<JobProgress>;
    return {
      percent: typeof p.percent === 'number' ? p.percent : 0,
      stage: typeof p.stage === 'string' ? p.stage : '',
      secondsLeft: typeof p.secondsLeft === 'number' ? p.secondsLeft : null,
    };
  }
  return { percent: 0, stage: '', secondsLeft: null };
}

/** Which queue carries each job. */
export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.VideoTranscode]: QueueName.Video,
  [JobName.ImageResize]: QueueName.Image,
  [JobName.TrackExcerpt]: QueueName.Track,
  [JobName.TrackFingerprint]: QueueName.Track,
  [JobName.VideoAnalyze]: QueueName.Analyze,
  [JobName.VideoStoryboard]: QueueName.Video,
  // Short jobs: on the track queue, not behind long transcodes.
  [JobName.UploadWaveform]: QueueName.Track,
};

/**
 * Deterministic job ids: `transcode-{videoId}` etc. A dash, not a colon: BullMQ refuses custom
 * ids with a colon (except exactly two, its legacy repeatable-job form), so `transcode:5` would
 * throw while `analyze:5:30` passed.
 */
export function jobId<N extends JobName>(name: N, payload: JobPayload<N>): string {
  switch (name) {
    case JobName.VideoTranscode:
      return `transcode-${(payload as JobPayloads[JobName.VideoTranscode]).videoId}`;
    case JobName.ImageResize: {
      const p = payload as JobPayloads[JobName.ImageResize];
      return `image-${p.kind}-${p.id}`;
    }
    case JobName.TrackExcerpt:
      return `excerpt-${(payload as JobPayloads[JobName.TrackExcerpt]).albumTrackId}`;
    case JobName.TrackFingerprint:
      return `fingerprint-${(payload as JobPayloads[JobName.TrackFingerprint]).albumTrackId}`;
    case JobName.VideoAnalyze: {
      const p = payload as JobPayloads[JobName.VideoAnalyze];
      return `analyze-${p.videoId}-${p.offset}`;
    }
    case JobName.VideoStoryboard:
      return `storyboard-${(payload as JobPayloads[JobName.VideoStoryboard]).videoId}`;
    case JobName.UploadWaveform: {
      // The key's uuid (the file name without its extension): unique, and free of colons.
      const file = (payload as JobPayloads[JobName.UploadWaveform]).uploadKey.split('/').pop() ?? '';
      return `waveform-${file.replace(/\.[^.]*$/, '')}`;
    }
    default: {
      const never: never = name;
      throw new Error(`Unknown job ${String(never)}`);
    }
  }
}

/**
 * BullMQ priority of an unsaved upload's transcode (it runs while staff fill in the form, and
 * the form may be left): higher numbers wait, and jobs without a priority (0) go first, so a
 * saved video's transcode never waits behind drafts. Save raises the draft's job to 0
 * (enqueueJob keeps the job and raises its priority).
 */
export const UNSAVED_UPLOAD_PRIORITY = 10;

/** The BullMQ priority a job is queued with: 0 (first) for all but an unsaved upload's transcode. */
export function jobPriority<N extends JobName>(name: N, payload: JobPayload<N>): number {
  return name === JobName.VideoTranscode && (payload as JobPayloads[JobName.VideoTranscode]).uploadKey
    ? UNSAVED_UPLOAD_PRIORITY
    : 0;
}

export interface JobRetryOptions {
  attempts: number;
  backoff?: { type: 'exponential'; delay: number };
  /** Completed jobs are dropped after this many seconds, so a later enqueue with the same id runs again. */
  removeOnComplete: { age: number };
  /** Failed jobs are kept for staff to see and retry (DESIGN.md §5). */
  removeOnFail: { age: number };
}

/**
 * Retry and retention of each job, shared by every producer (api, worker reconciler, album
 * import) so a job behaves the same whoever queued it. Bad media fails at once whatever
 * `attempts` says (the worker throws UnrecoverableError).
 */
export const JOB_OPTIONS: Record<JobName, JobRetryOptions> = {
  [JobName.VideoTranscode]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 30 * 86400 },
  },
  [JobName.ImageResize]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 30 * 86400 },
  },
  [JobName.TrackExcerpt]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 30 * 86400 },
  },
  [JobName.TrackFingerprint]: {
    attempts: 5,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 30 * 86400 },
  },
  // The caller waits for the answer: a retry would come too late to matter.
  [JobName.VideoAnalyze]: { attempts: 1, removeOnComplete: { age: 60 }, removeOnFail: { age: 600 } },
  [JobName.VideoStoryboard]: {
    attempts: 3,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 30 * 86400 },
  },
  // Staff wait for it in the track wizard; a failure is answered and asked again from there.
  [JobName.UploadWaveform]: {
    attempts: 2,
    backoff: { type: 'exponential', delay: 2_000 },
    removeOnComplete: { age: 600 },
    removeOnFail: { age: 600 },
  },
};
