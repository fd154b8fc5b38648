import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobName, type JobPayload } from '@app/contracts';
import { computeWaveform, waveformKeyBeside, type StorageDriver } from '@app/media';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { ScratchSpace } from '../scratch-space.js';
import { STORAGE } from '../tokens.js';

type Payload = JobPayload<JobName.UploadWaveform>;

/**
 * upload.waveform: the waveform of a freshly uploaded original, for the track wizard of the
 * Add Video screen (the video and its ladder do not exist before Save). Written beside the
 * original; a re-run overwrites the same key.
 */
@Injectable()
export class UploadWaveformProcessor implements JobProcessor<
  JobName.UploadWaveform,
  { waveformKey: string; peaks: number } | { skipped: string }
> {
  readonly jobName = JobName.UploadWaveform;

  constructor(
    private readonly scratch: ScratchSpace,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async process(
    job: Job<Payload>,
    context: JobContext,
  ): Promise<{ waveformKey: string; peaks: number } | { skipped: string }> {
    const { uploadKey } = job.data;
    if (!(await this.storage.exists(uploadKey))) return { skipped: 'upload removed' };
    return this.scratch.withDir(async (dir) => {
      const source = await this.scratch.fetch(uploadKey, dir, 'original');
      const waveform = await computeWaveform(source, { signal: context.signal, log: toMediaLogger(context.log) });
      const waveformKey = waveformKeyBeside(uploadKey);
      await this.storage.put(waveformKey, Buffer.from(JSON.stringify(waveform)), 'application/json');
      await context.reportProgress(100);
      return { waveformKey, peaks: waveform.peaks.length };
    });
  }
}
