/**
 * What the seek-bar storyboard costs a 1080p upload, through the real worker path: a worker
 * (in this process, on a scratch database and Redis prefix) runs video.transcode on the clip;
 * the job's result carries its whole time and the storyboard step's share of it, and the
 * storage folder holds the ladder and the storyboard, whose sizes are compared.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { JobName } from '@app/contracts';
import { startWorker } from '../../apps/worker/src/bootstrap.js';
import type { TranscodeResult } from '../../apps/worker/src/processors/video-transcode.processor.js';
import { createWorkerTestEnv, insertVideo, readVideo, waitFor } from '../../apps/worker/test/harness.js';

export interface StoryboardCost {
  jobS: number;
  storyboardS: number;
  ladderBytes: number;
  storyboardBytes: number;
  sheets: number;
}

async function folderBytes(dir: string, skip?: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isFile() && !(skip && path.startsWith(skip))) total += (await stat(path)).size;
  }
  return total;
}

export async function measureStoryboardCost(source: string): Promise<StoryboardCost> {
  const t = await createWorkerTestEnv({ WORKER_RECONCILE_INTERVAL_MS: '600000' });
  const worker = await startWorker(t.config, t.settings);
  try {
    await t.storage.putFile('originals/bench/1080p.mp4', source);
    const videoId = await insertVideo(t.db, { originalKey: 'originals/bench/1080p.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const job = await waitFor(
      'the transcode',
      async () => {
        const found = await t.queues.findJob(JobName.VideoTranscode, { videoId });
        const state = await found?.getState();
        if (state === 'failed') throw new Error(`transcode failed: ${found?.failedReason}`);
        return state === 'completed' ? (found as Job) : undefined;
      },
      30 * 60_000,
      500,
    );
    const result = job.returnvalue as TranscodeResult;
    const video = await readVideo(t.db, videoId);
    const ladderDir = join(t.storageDir, video.hls_master_key!, '..');
    const storyboardDir = join(ladderDir, 'storyboard');
    return {
      jobS: result.wallMs / 1000,
      storyboardS: result.storyboard.ms / 1000,
      ladderBytes: await folderBytes(ladderDir, storyboardDir),
      storyboardBytes: await folderBytes(storyboardDir),
      sheets: (await readdir(storyboardDir)).filter((f) => f.endsWith('.jpg')).length,
    };
  } finally {
    await worker.stop();
    await t.close();
  }
}
