import { describe, expect, it } from 'vitest';
import type { ProcessingJob } from '../types';
import { jobProgressText, stageLabel, timeLeft } from './job-progress';

const job = (fields: Partial<ProcessingJob>): ProcessingJob => ({
  id: 'transcode-7',
  state: 'active',
  progress: 0,
  stage: null,
  seconds_left: null,
  attempts_made: 0,
  failed_reason: null,
  ...fields,
});

describe('a transcode in words', () => {
  it('names the renditions being written, the percent and the time left', () => {
    expect(jobProgressText(job({ stage: '720p', progress: 45.6, seconds_left: 20 }))).toBe(
      'Transcoding 720p · 45 % · about 20 s left',
    );
    expect(jobProgressText(job({ stage: '720p, 480p, 360p', progress: 10, seconds_left: 130 }))).toBe(
      'Transcoding 720p, 480p, 360p · 10 % · about 3 min left',
    );
  });

  it('names the other stages as they are, and leaves out a time not yet estimated', () => {
    expect(jobProgressText(job({ stage: 'audio and watermark', progress: 60, seconds_left: 4 }))).toBe(
      'Audio and watermark · 60 % · about 4 s left',
    );
    expect(jobProgressText(job({ stage: 'probe', progress: 1 }))).toBe('Probe · 1 %');
    expect(stageLabel(null)).toBe('Processing');
  });

  it('says Queued before the job runs, and nothing once it has ended', () => {
    expect(jobProgressText(job({ state: 'waiting' }))).toBe('Queued');
    expect(jobProgressText(job({ state: 'delayed' }))).toBe('Queued');
    expect(jobProgressText(job({ state: 'completed', progress: 100 }))).toBeNull();
    expect(jobProgressText(null)).toBeNull();
  });

  it('never promises less than a second', () => {
    expect(timeLeft(0)).toBe('about 1 s left');
    expect(timeLeft(59.4)).toBe('about 59 s left');
    expect(timeLeft(61)).toBe('about 2 min left');
  });
});
