import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName, ProcessingState } from '@app/contracts';
import { generateTestVideo, parseMasterPlaylist, parseMediaPlaylist } from '@app/media';
import {
  createWorkerTestEnv,
  ffprobeJson,
  insertVideo,
  isAlive,
  readVideo,
  spawnWorker,
  waitFor,
  type WorkerProcess,
  type WorkerTestEnv,
} from './harness.js';

const SECONDS = 12;
let t: WorkerTestEnv;
const spawned: WorkerProcess[] = [];
const orphans: number[] = [];

async function start(overrides: Record<string, string> = {}): Promise<WorkerProcess> {
  const worker = await spawnWorker({ ...t.env, ...overrides });
  spawned.push(worker);
  return worker;
}

/** The last log lines of every worker this test started, to say why a wait failed. */
function recentLogs(lines = 8): string {
  return spawned
    .map(
      (w, i) =>
        `worker ${i} (pid ${w.child.pid}):\n${w.logs
          .slice(-lines)
          .map((l) => JSON.stringify(l))
          .join('\n')}`,
    )
    .join('\n');
}

/** The name of process `pid` ('' once it is gone). */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Queues a new video's transcode on workers that are already up, waits until the one that
 * starts it runs ffmpeg, and returns that worker and its child processes, so that a stop lands
 * mid-encode. Queued before the workers had started, a short transcode could end on the first
 * worker before a second had started (a CI run never saw an ffmpeg). 'restore', because a
 * worker's startup reconcile pass may have queued the new video already. A transcode that ends
 * before an ffmpeg is seen fails the wait at once, with the workers' logs.
 */
async function transcodeUnderWay(
  workers: WorkerProcess[],
): Promise<{ videoId: number; worker: WorkerProcess; tools: number[] }> {
  const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4' });
  await t.queues.enqueue(JobName.VideoTranscode, { videoId }, 'restore');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await readVideo(t.db, videoId);
    const ended = row.processing_state === ProcessingState.Ready || row.processing_state === ProcessingState.Failed;
    if (ended || Date.now() > deadline) {
      throw new Error(`no ffmpeg was seen running the transcode: ${JSON.stringify(row)}\n${recentLogs()}`);
    }
    const job = await t.queues.findJob(JobName.VideoTranscode, { videoId });
    const worker = workers.find((w) => w.logs.some((l) => l.msg === 'job started' && l.jobId === job?.id));
    const tools = (await worker?.toolPids()) ?? [];
    if (worker && tools.some((pid) => commandOf(pid) === 'ffmpeg')) return { videoId, worker, tools };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The video's ladder is whole: one folder under hls/{id}/, every playlist ended, full length. */
async function expectOneCompleteLadder(videoId: number): Promise<void> {
  const video = await readVideo(t.db, videoId);
  expect(video).toMatchObject({ processing_state: 'ready', processing_progress: 100, processing_error: null });
  const folders = await readdir(join(t.storageDir, 'hls', String(videoId)));
  const live = video.hls_master_key!.split('/')[2];
  if (folders.length !== 1) throw new Error(`ladder folders ${folders.join(', ')}, live ${live}\n${recentLogs(40)}`);
  expect(folders).toEqual([live]);
  const masterPath = join(t.storageDir, video.hls_master_key!);
  const master = parseMasterPlaylist(await readFile(masterPath, 'utf8'));
  const playlists = [...master.variants.map((v) => v.uri), ...master.media.map((m) => m.attributes.get('URI')!)];
  expect(playlists).toHaveLength(3);
  for (const uri of playlists) {
    const path = join(masterPath, '..', uri);
    const media = parseMediaPlaylist(await readFile(path, 'utf8'));
    expect(media.ended).toBe(true);
    const probe = (await ffprobeJson(path)) as { format: { duration: string } };
    expect(Number(probe.format.duration)).toBeCloseTo(SECONDS, 0);
  }
}

/**
 * Waits for the video to be ready (a failed job fails at once) and for its job to complete (the
 * abandoned ladders are removed after the switch to ready), checks its ladder, and stops the
 * worker cleanly.
 */
async function finishesOn(worker: WorkerProcess, videoId: number): Promise<void> {
  await waitFor(
    'the video to be ready and its job completed',
    async () => {
      const video = await readVideo(t.db, videoId);
      if (video.processing_state === ProcessingState.Failed)
        throw new Error(`the transcode failed: ${video.processing_error}`);
      const completed = worker.logs.some((l) => l.msg === 'job completed' && l.job === JobName.VideoTranscode);
      return video.processing_state === ProcessingState.Ready && completed;
    },
    90_000,
  );
  await expectOneCompleteLadder(videoId);
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
}

beforeAll(async () => {
  t = await createWorkerTestEnv({ WORKER_RECONCILE_INTERVAL_MS: '600000' });
  const clip = join(t.env.WORKER_TMP_DIR!, '..', 'clip.mp4');
  // Long and noisy enough that the encode takes a few seconds and can be interrupted.
  await generateTestVideo(clip, { width: 640, height: 360, seconds: SECONDS, fps: 30, noise: 20 });
  await t.storage.putFile('originals/test/clip.mp4', clip);
}, 120_000);

/** A test that fails must not leave its workers to take the next test's job. */
afterEach(async () => {
  for (const worker of spawned.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
  }
  // ffmpeg processes of a killed worker run on by themselves; do not leave them behind.
  for (const pid of orphans.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

afterAll(async () => {
  await t?.close();
});

describe('worker crashes and restarts', () => {
  it('after kill -9 mid-transcode, a restarted worker runs the job again and ends with one complete ladder', async () => {
    const { videoId, worker: first, tools } = await transcodeUnderWay([await start()]);
    orphans.push(...tools);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const job = await t.queues.findJob(JobName.VideoTranscode, { videoId });
    expect(await job!.getState()).toBe('active');

    const second = await start();
    await finishesOn(second, videoId);
    const finished = await t.queues.findJob(JobName.VideoTranscode, { videoId });
    expect(await finished!.getState()).toBe('completed');
    expect(second.logs.some((l) => l.msg === 'job completed' && l.jobId === job!.id)).toBe(true);
  }, 180_000);

  it('after kill -9 with production lock settings, its ffmpeg dies at once and another worker takes the job within 15 s', async () => {
    // The production defaults of the lock and the stalled check, not the harness's short ones.
    const production = { WORKER_LOCK_DURATION_MS: '', WORKER_STALLED_INTERVAL_MS: '' };
    const workers = [await start(production), await start(production)];
    const { videoId, worker: first, tools } = await transcodeUnderWay(workers);
    orphans.push(...tools);
    const job = await t.queues.findJob(JobName.VideoTranscode, { videoId });
    const runs = (w: WorkerProcess) => w.logs.some((l) => l.msg === 'job started' && l.jobId === job!.id);
    const second = workers.find((w) => w !== first)!;

    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await first.exited).toBe('SIGKILL');
    await waitFor('the killed worker’s ffmpeg to stop', async () => tools.every((pid) => !isAlive(pid)), 5_000, 20);
    expect(Date.now() - killedAt).toBeLessThan(1000);

    await waitFor('the job to start again on the other worker', async () => runs(second), 30_000, 50);
    const takenAfterMs = Date.now() - killedAt;
    process.stdout.write(`kill -9: ffmpeg gone, job taken again after ${takenAfterMs} ms\n`);
    expect(takenAfterMs).toBeLessThan(15_000);
    await finishesOn(second, videoId);
  }, 180_000);

  it('a run whose lock is lost (its process stalled, another worker may run the job) stops, and the job ends with one ladder', async () => {
    const { videoId, worker, tools } = await transcodeUnderWay([await start()]);
    const job = await t.queues.findJob(JobName.VideoTranscode, { videoId });
    orphans.push(...tools);
    // What an expired lock looks like to the worker at its next renewal: the key is gone.
    await t.redis.del(`${t.config.REDIS_PREFIX}:video:${job!.id}:lock`);
    await waitFor(
      'the run to stop',
      async () => worker.logs.some((l) => l.msg === 'lost the lock of a running job; stopping it here'),
      30_000,
    );
    await waitFor('its ffmpeg to stop', async () => tools.every((pid) => !isAlive(pid)), 10_000);
    // Its row was left alone (the job's next run keeps it), and the stalled check runs it again.
    await finishesOn(worker, videoId);
  }, 180_000);

  it('on SIGTERM mid-transcode with no grace period, hands the job back and exits; the next worker finishes it', async () => {
    // No grace: a short clip can otherwise finish inside it and leave nothing to hand back.
    const { videoId, worker: first, tools } = await transcodeUnderWay([await start({ WORKER_SHUTDOWN_GRACE_MS: '0' })]);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // Handed back, not failed: the attempt does not count, and ffmpeg was stopped with it.
    const job = await t.queues.findJob(JobName.VideoTranscode, { videoId });
    expect(['delayed', 'waiting']).toContain(await job!.getState());
    expect(job!.attemptsMade).toBe(0);
    expect((await readVideo(t.db, videoId)).processing_state).toBe(ProcessingState.Queued);
    expect(first.logs.some((l) => l.msg === 'job handed back to the queue')).toBe(true);
    await waitFor('ffmpeg to stop', async () => tools.every((pid) => !isAlive(pid)), 10_000);

    await finishesOn(await start(), videoId);
  }, 180_000);

  it('on SIGTERM with time to spare, finishes the running job before exiting', async () => {
    const { videoId, worker } = await transcodeUnderWay([await start({ WORKER_SHUTDOWN_GRACE_MS: '120000' })]);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    await expectOneCompleteLadder(videoId);
  }, 180_000);
});
