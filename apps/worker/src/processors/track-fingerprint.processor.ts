import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobName, type JobPayload } from '@app/contracts';
import { extractAudioPcm, probeMedia } from '@app/media';
import { PermanentJobError } from '../errors.js';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { RecognitionEngine } from '../recognition/recognition-engine.js';
import { AlbumTrackJobsRepository } from '../repositories/album-track-jobs.repository.js';
import { ScratchSpace } from '../scratch-space.js';

type Payload = JobPayload<JobName.TrackFingerprint>;

export interface FingerprintJobResult {
  landmarks: number;
  seconds: number;
  xRealtime: number;
}

/**
 * track.fingerprint (DESIGN.md §5, §6): the album track's landmark hashes, written into the
 * fingerprint index in one transaction that first removes the track's old rows, so a re-run
 * leaves exactly one set.
 */
@Injectable()
export class TrackFingerprintProcessor implements JobProcessor<
  JobName.TrackFingerprint,
  FingerprintJobResult | { skipped: string }
> {
  readonly jobName = JobName.TrackFingerprint;

  constructor(
    private readonly tracks: AlbumTrackJobsRepository,
    private readonly engine: RecognitionEngine,
    private readonly scratch: ScratchSpace,
  ) {}

  async process(job: Job<Payload>, context: JobContext): Promise<FingerprintJobResult | { skipped: string }> {
    const { albumTrackId } = job.data;
    const track = await this.tracks.findAudio(albumTrackId);
    if (!track) return { skipped: 'album track deleted' };
    if (!track.audioKey) throw new PermanentJobError('The album track has no audio file');

    return this.scratch.withDir(async (dir) => {
      const started = performance.now();
      const tools = { signal: context.signal, log: toMediaLogger(context.log) };
      const source = await this.scratch.fetch(track.audioKey!, dir, 'audio');
      const probe = await probeMedia(source, 'audio', tools);
      const pcm = await extractAudioPcm(source, this.engine.fingerprintFormat, tools);
      await context.reportProgress(40);
      const landmarks = this.engine.fingerprintTrack(pcm);
      await context.reportProgress(70);
      await this.tracks.replaceFingerprints(albumTrackId, landmarks);
      const seconds = probe.durationSeconds;
      const xRealtime = +(seconds / ((performance.now() - started) / 1000)).toFixed(1);
      context.log.info({ landmarks: landmarks.length, seconds, xRealtime }, 'track fingerprinted');
      return { landmarks: landmarks.length, seconds, xRealtime };
    });
  }
}
