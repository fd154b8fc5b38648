import type { ProcessingJob } from '../types';

/** The stages the worker names that are not renditions (apps/worker video-transcode STAGE). */
const NAMED_STAGES = new Set(['probe', 'audio and watermark', 'storyboard', 'waveform', 'packaging', 'poster']);

/** "about 20 s left", "about 3 min left" (rounded up to what a person reads). */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s left`;
  return `about ${Math.ceil(seconds / 60)} min left`;
}

/** What a running job is doing: "Transcoding 720p, 480p · 45 %", "Audio and watermark · 60 %". */
export function stageLabel(stage: string | null | undefined): string {
  if (!stage) return 'Processing';
  if (NAMED_STAGES.has(stage)) return stage.charAt(0).toUpperCase() + stage.slice(1);
  return `Transcoding ${stage}`;
}

/**
 * A transcode as staff read it: "Transcoding 720p · 45 % · about 20 s left" while it runs,
 * "Queued" before; null when the job tells nothing more than the state does.
 */
export function jobProgressText(job: ProcessingJob | null | undefined): string | null {
  if (!job) return null;
  if (job.state === 'active') {
    const parts = [stageLabel(job.stage), `${Math.floor(job.progress)} %`];
    if (job.seconds_left !== null && job.seconds_left !== undefined) parts.push(timeLeft(job.seconds_left));
    return parts.join(' · ');
  }
  if (job.state === 'waiting' || job.state === 'delayed' || job.state === 'prioritized') return 'Queued';
  return null;
}
