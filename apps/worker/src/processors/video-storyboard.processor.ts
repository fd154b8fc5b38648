import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobName, type JobPayload } from '@app/contracts';
import {
  assertValidKey,
  lowestRendition,
  parseMediaPlaylist,
  putDirectory,
  renditionsOfMaster,
  STORYBOARD_INDEX,
  storyboardFromLadder,
  type StorageDriver,
} from '@app/media';
import type { JobContext, JobProcessor } from '../job-processor.js';
import { toMediaLogger } from '../logger.js';
import { VideoJobsRepository } from '../repositories/video-jobs.repository.js';
import { ScratchSpace } from '../scratch-space.js';
import { STORAGE } from '../tokens.js';
import { STORYBOARD_DIR } from './video-transcode.processor.js';

type Payload = JobPayload<JobName.VideoStoryboard>;

export interface StoryboardJobResult {
  storyboardKey: string;
  sheets: number;
  bytes: number;
}

/**
 * video.storyboard: the seek-bar storyboard of a video transcoded before storyboards existed
 * (the reconciler queues one for every ready video without). New ladders get theirs in the
 * transcode. Reads only the ladder's lowest rendition from storage, writes beside it.
 */
@Injectable()
export class VideoStoryboardProcessor implements JobProcessor<
  JobName.VideoStoryboard,
  StoryboardJobResult | { skipped: string }
> {
  readonly jobName = JobName.VideoStoryboard;

  constructor(
    private readonly videos: VideoJobsRepository,
    private readonly scratch: ScratchSpace,
    @Inject(STORAGE) private readonly storage: StorageDriver,
  ) {}

  async process(job: Job<Payload>, context: JobContext): Promise<StoryboardJobResult | { skipped: string }> {
    const video = await this.videos.findForStoryboard(job.data.videoId);
    const masterKey = video?.hlsMasterKey;
    if (!video || !masterKey || !(await this.videos.isStoryboardMissing(video.id))) {
      return { skipped: 'video deleted, not ready, with a storyboard, or playing a ladder not its own' };
    }
    const prefix = masterKey.slice(0, masterKey.lastIndexOf('/') + 1);

    return this.scratch.withDir(async (dir) => {
      const ladderDir = join(dir, 'ladder');
      const lowest = lowestRendition(renditionsOfMaster(await this.read(masterKey)));
      const playlist = await this.read(prefix + lowest.playlist);
      const media = parseMediaPlaylist(playlist);
      const base = posix.dirname(lowest.playlist);
      await this.download(prefix, ladderDir, lowest.playlist, Buffer.from(playlist));
      for (const uri of [media.initUri, ...media.segments.map((s) => s.uri)]) {
        if (uri) await this.download(prefix, ladderDir, posix.join(base, uri));
      }
      await context.reportProgress(50);

      const outputDir = join(dir, STORYBOARD_DIR);
      const storyboard = await storyboardFromLadder({
        signal: context.signal,
        log: toMediaLogger(context.log),
        ladderDir,
        renditions: [lowest],
        durationSeconds: video.duration,
        outputDir,
      });
      const keys = await putDirectory(this.storage, outputDir, `${prefix}${STORYBOARD_DIR}/`);
      const storyboardKey = `${prefix}${STORYBOARD_DIR}/${STORYBOARD_INDEX}`;
      if (!(await this.videos.setStoryboardKey(video.id, masterKey, storyboardKey))) {
        // A new ladder replaced this one meanwhile (and brought its own storyboard).
        for (const key of keys) await this.storage.delete(key);
        return { skipped: 'ladder replaced' };
      }
      context.log.info({ storyboardKey, bytes: storyboard.bytes }, 'storyboard added to an existing ladder');
      return { storyboardKey, sheets: storyboard.files.length - 1, bytes: storyboard.bytes };
    });
  }

  private async read(key: string): Promise<string> {
    const object = await this.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Copies `prefix + path` to `dir/path`; the path comes from our own playlists, still checked. */
  private async download(prefix: string, dir: string, path: string, body?: Buffer): Promise<void> {
    const key = prefix + path;
    assertValidKey(key);
    const target = join(dir, path);
    await mkdir(dirname(target), { recursive: true });
    if (body) {
      await writeFile(target, body);
      return;
    }
    const object = await this.storage.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    await writeFile(target, Buffer.concat(chunks));
  }
}
