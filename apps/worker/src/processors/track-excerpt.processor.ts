import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobName, type JobPayload } from '@app/contracts';
import {
  computeWaveform,
  cutAudioExcerpt,
  newStorageKey,
  probeMedia,
  waveformKeyBeside,
  type StorageDriver,
} from '@app/media';
import { PermanentJobError } from '../errors.js';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { AlbumTrackJobsRepository } from '../repositories/album-track-jobs.repository.js';
import { ScratchSpace } from '../scratch-space.js';
import { STORAGE } from '../tokens.js';

type Payload = JobPayload<JobName.TrackExcerpt>;

export interface ExcerptJobResult {
  excerptKey: string;
  durationSeconds: number;
}

/**
 * The prelistening file covers the track from its start (staff pick the excerpt's start and
 * end by listening to it in the track wizard), capped so a mislabelled hour-long file stays small.
 */
export const PRELISTEN_MAX_SECONDS = 15 * 60;

/**
 * track.excerpt (DESIGN.md §5): the album track's audio cut to AAC in an M4A for the
 * wizard's player, and its waveform (`<excerpt>.waveform.json`). Written under a fresh key, then switched; the previous file is removed.
 */
@Injectable()
export class TrackExcerptProcessor implements JobProcessor<
  JobName.TrackExcerpt,
  ExcerptJobResult | { skipped: string }
> {
  readonly jobName = JobName.TrackExcerpt;

  constructor(
    private readonly tracks: AlbumTrackJobsRepository,
    private readonly scratch: ScratchSpace,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async process(job: Job<Payload>, context: JobContext): Promise<ExcerptJobResult | { skipped: string }> {
    const { albumTrackId } = job.data;
    const track = await this.tracks.findAudio(albumTrackId);
    if (!track) return { skipped: 'album track deleted' };
    if (!track.audioKey) throw new PermanentJobError('The album track has no audio file');

    return this.scratch.withDir(async (dir) => {
      const tools = { signal: context.signal, log: toMediaLogger(context.log) };
      const source = await this.scratch.fetch(track.audioKey!, dir, 'audio');
      const probe = await probeMedia(source, 'audio', tools);
      const end = Math.min(probe.durationSeconds, PRELISTEN_MAX_SECONDS);
      const cut = await cutAudioExcerpt(source, join(dir, 'excerpt.m4a'), { start: 0, end }, { ...tools, probe });
      await context.reportProgress(80);

      // The waveform the wizard draws under the excerpt's player, stored beside the excerpt.
      const waveform = await computeWaveform(source, { ...tools, maxSeconds: end });
      await context.reportProgress(90);

      const key = newStorageKey('excerpts', 'm4a');
      await this.storage.putFile(key, cut.output, 'audio/mp4');
      await this.storage.put(waveformKeyBeside(key), Buffer.from(JSON.stringify(waveform)), 'application/json');
      const { previousKey } = await this.tracks.switchExcerpt(albumTrackId, key);
      if (previousKey && previousKey !== key) {
        await this.storage.delete(previousKey);
        await this.storage.delete(waveformKeyBeside(previousKey));
      }
      context.log.info(
        { excerptKey: key, seconds: cut.durationSeconds, ms: Math.round(cut.wallMs), peaks: waveform.peaks.length },
        'excerpt written',
      );
      return { excerptKey: key, durationSeconds: cut.durationSeconds };
    });
  }
}
