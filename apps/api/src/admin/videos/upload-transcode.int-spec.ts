// Transcoding from the upload's end (issue 15, item 3), end to end on the real api and worker,
// ffmpeg, Postgres and Redis: the staff session's edge cases as staff and viewers would notice
// them (what plays, what is stored, what is left behind).
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { Redis } from 'ioredis';
import { JobName, JobQueues, ProcessingState, QueueName } from '@app/contracts';
import { generateTestVideo } from '@app/media';
import { TestFactories } from '@app/testing';
import type { WorkerApp } from '../../../../worker/src/bootstrap.js';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { formInit } from '../testing/forms.js';
import { Seed } from '../testing/seed.js';
import { seedVideoParts, startWorkerFor, twoTrackVideo, type VideoParts } from '../testing/worker.js';
import { VideoUploads } from './video-uploads.js';

let kit: AdminTestKit;
let worker: WorkerApp;
let queues: JobQueues;
let redis: Redis;
let work: string;
let clip: Buffer;
let parts: VideoParts;

const STALE_MS = 3_600_000;

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 300_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every stored file under `dir` of the storage folder, relative to it ([] when there is none). */
async function stored(dir: string): Promise<string[]> {
  return readdir(join(kit.storageDir, dir), { recursive: true }).catch(() => []);
}

/** Files of one upload left in storage: the original and anything stored beside it. */
async function leftOf(key: string): Promise<string[]> {
  const name = key.split('/').pop()!;
  const dir = key.slice(0, key.length - name.length);
  return (await stored(dir)).filter((file) => file.startsWith(name));
}

async function isStored(key: string): Promise<boolean> {
  return stat(join(kit.storageDir, key)).then(
    () => true,
    () => false,
  );
}

async function upload(): Promise<{ key: string; duration: number }> {
  const answer = await kit.call(
    '/cuviewTV/upload_video/',
    formInit([{ name: 'file', filename: 'concert.mp4', data: clip, contentType: 'video/mp4' }]),
  );
  expect(answer.status).toBe(201);
  return { key: answer.body.file_original_path_linux, duration: answer.body.duration };
}

const processingOf = (key: string, token = kit.staffToken) =>
  kit.api.request(`/cuviewTV/upload_processing/?key=${encodeURIComponent(key)}`, { token });

async function processing(key: string): Promise<Answer> {
  const response = await processingOf(key);
  expect(response.status).toBe(200);
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** The video id reserved for an upload (from its record beside the original). */
async function reservedId(key: string): Promise<number> {
  return JSON.parse(await readFile(join(kit.storageDir, `${key}.upload.json`), 'utf8')).videoId;
}

function save(key: string, duration: number): Promise<{ status: number; body: Answer }> {
  const data = twoTrackVideo(key, duration, parts);
  return kit.call('/cuviewTV/fill_video_info/', formInit([{ name: 'data', value: JSON.stringify(data) }]));
}

async function stateOf(videoId: number): Promise<string | undefined> {
  const rows: { state: string }[] = await kit.db.query('SELECT processing_state AS state FROM videos WHERE id = $1', [
    videoId,
  ]);
  return rows[0]?.state;
}

async function readyVideo(videoId: number): Promise<{ hls_master_key: string }> {
  await until('the video to be ready', async () => {
    const state = await stateOf(videoId);
    if (state === ProcessingState.Failed) throw new Error('the transcode failed');
    return state === ProcessingState.Ready ? state : undefined;
  });
  const [row]: { hls_master_key: string }[] = await kit.db.query('SELECT hls_master_key FROM videos WHERE id = $1', [
    videoId,
  ]);
  return row!;
}

/**
 * The runs of the video's transcode job, with what each did, once none is left running (the
 * video turns ready before its run has cleaned up and ended).
 */
async function finishedRuns(videoId: number): Promise<{ renditions: string[]; watermarked: boolean }[]> {
  return until('the transcode runs to end', async () => {
    const runs: Job[] = [];
    const queue = queues.queue(QueueName.Video);
    for (const id of [`transcode-${videoId}`, `transcode-${videoId}-again`]) {
      // The state first, then the job: a job read while active and finished before its state is
      // read would have no return value yet.
      const state = await queue.getJobState(id);
      if (state === 'active' || state === 'waiting') return undefined;
      const job = state === 'completed' ? await queue.getJob(id) : undefined;
      if (job) runs.push(job);
    }
    return runs.sort((a, b) => a.timestamp - b.timestamp).map((job) => job.returnvalue);
  });
}

async function watermarkCodes(videoId: number): Promise<number> {
  const [row]: { n: number }[] = await kit.db.query(
    'SELECT count(*)::int AS n FROM watermark_codes WHERE video_id = $1',
    [videoId],
  );
  return row!.n;
}

beforeAll(async () => {
  kit = await startAdminKit({ UPLOAD_STALE_AFTER_MS: String(STALE_MS) });
  worker = await startWorkerFor(kit);
  redis = new Redis(kit.api.config.REDIS_URL, { maxRetriesPerRequest: null });
  queues = new JobQueues(redis, kit.api.config.REDIS_PREFIX);
  work = await mkdtemp(join(tmpdir(), 'cuview-upload-transcode-'));
  // Long enough (12 s of 640x360) that Save can land while the renditions are being written.
  clip = await readFile(
    await generateTestVideo(join(work, 'concert.mp4'), { width: 640, height: 360, seconds: 12, fps: 25 }),
  );
  parts = await seedVideoParts(new Seed(kit.db));
}, 120_000);

afterAll(async () => {
  await queues?.close();
  await redis?.quit();
  await worker?.stop();
  await kit?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('transcoding from the upload end', () => {
  it('transcodes before Save with its stage and time left, unseen by viewers; Save afterwards only marks the audio', async () => {
    const { key, duration } = await upload();
    const id = await reservedId(key);

    // While the form is filled: the job runs, by stage, with the time left.
    const seen = await until('a stage with the time left', async () => {
      const job = await processing(key);
      return job?.state === 'active' && job.stage && job.seconds_left !== null ? job : undefined;
    });
    expect(seen.progress).toBeGreaterThanOrEqual(0);
    expect(seen.progress).toBeLessThanOrEqual(100);
    expect(typeof seen.stage).toBe('string');
    // Nobody but staff sees it: no row, no stream, no page.
    expect(await stateOf(id)).toBeUndefined();
    expect((await kit.api.request(`/cuviewTV/get_video/${id}/`, { token: kit.viewerToken })).status).toBe(404);

    await until('the ladder of the upload', async () =>
      (await processing(key))?.state === 'completed' ? true : undefined,
    );
    const prefixes = await stored(`hls/${id}`);
    const master = prefixes.find((file) => file.endsWith('master.m3u8'));
    expect(master).toBeDefined();
    expect(await stateOf(id)).toBeUndefined();
    expect((await kit.api.request(`/media/${`hls/${id}/${master}`}`)).status).toBe(404);

    const saved = await save(key, duration);
    expect(saved.status).toBe(201);
    expect(saved.body.id).toBe(id);
    const video = await readyVideo(id);
    expect(video.hls_master_key).toBe(`hls/${id}/${master}`);
    // One ladder: the run after Save encoded no rendition, it marked the audio with the tracks' codes.
    const runs = await finishedRuns(id);
    expect(runs.at(-1)).toMatchObject({ renditions: [], watermarked: true });
    expect(await watermarkCodes(id)).toBeGreaterThanOrEqual(2);
    expect((await stored(`hls/${id}`)).filter((file) => file.endsWith('master.m3u8'))).toEqual([master]);
    // The upload's record and the ladder's are gone: the upload is the video's now.
    expect(await isStored(`${key}.upload.json`)).toBe(false);
    expect(await isStored(`${key}.ladder.json`)).toBe(false);
    expect(await isStored(key)).toBe(true);
    // A poll that crosses Save still gets the transcode's state.
    expect(await processing(key)).toMatchObject({ id: `transcode-${id}`, state: 'completed', progress: 100 });
  }, 600_000);

  it('Save while the renditions are written: the job goes on, no second transcode', async () => {
    const { key, duration } = await upload();
    const id = await reservedId(key);
    await until('the renditions to be written', async () => {
      const job = await processing(key);
      return job?.state === 'active' && /\dp/.test(job.stage ?? '') ? job : undefined;
    });
    const saved = await save(key, duration);
    expect(saved.status).toBe(201);
    // Saved, not playable yet: the video is processing (or queued for its audio).
    expect([ProcessingState.Queued, ProcessingState.Processing]).toContain(saved.body.processing_state);
    const video = await readyVideo(id);
    const runs = await finishedRuns(id);
    expect(runs).toHaveLength(2);
    expect(runs[0]!.renditions.length).toBeGreaterThan(0);
    expect(runs[1]).toMatchObject({ renditions: [], watermarked: true });
    const masters = (await stored(`hls/${id}`)).filter((file) => file.endsWith('master.m3u8'));
    expect(masters.map((file) => `hls/${id}/${file}`)).toEqual([video.hls_master_key]);
  }, 600_000);

  it('a second file uploaded over the first before Save: the first is discarded with all it wrote', async () => {
    const first = await upload();
    const firstId = await reservedId(first.key);
    await until('the first transcode to run', async () =>
      (await processing(first.key))?.state === 'active' ? true : undefined,
    );
    const second = await upload();

    // Another staff member cannot see or discard it; bad keys are refused.
    const factories = new TestFactories(kit.db, kit.api.config.JWT_SECRET);
    const other = factories.token(await factories.user({ isStaff: true }), 600);
    expect((await processingOf(first.key, other)).status).toBe(404);
    const foreign = await kit.api.request(`/cuviewTV/discard_upload/?key=${encodeURIComponent(first.key)}`, {
      method: 'DELETE',
      token: other,
    });
    expect(foreign.status).toBe(404);
    expect((await kit.call('/cuviewTV/upload_processing/')).status).toBe(400);
    expect((await kit.call('/cuviewTV/upload_processing/?key=originals%2F..%2Fetc')).status).toBe(400);
    expect((await processingOf(first.key, kit.viewerToken)).status).toBe(403);

    const discarded = await kit.call(`/cuviewTV/discard_upload/?key=${encodeURIComponent(first.key)}`, {
      method: 'DELETE',
    });
    expect(discarded.status).toBe(200);
    expect((await processingOf(first.key)).status).toBe(400);
    // The running job finds its upload gone and removes what it wrote.
    await until('nothing left of the first upload', async () => {
      const left = [...(await stored(`hls/${firstId}`)), ...(await leftOf(first.key))];
      const job = await queues.findJob(JobName.VideoTranscode, { videoId: firstId });
      const state = await job?.getState();
      return left.length === 0 && state !== 'active' ? true : undefined;
    });
    expect(await stateOf(firstId)).toBeUndefined();

    const saved = await save(second.key, second.duration);
    expect(saved.status).toBe(201);
    await readyVideo(saved.body.id);
    // The first upload cannot be saved any more.
    expect((await save(first.key, first.duration)).status).toBe(400);
  }, 600_000);

  it('an upload never saved is swept with the stale uploads: nothing left in storage or the database', async () => {
    const { key } = await upload();
    const id = await reservedId(key);
    await until('its ladder', async () => ((await processing(key))?.state === 'completed' ? true : undefined));
    expect((await stored(`hls/${id}`)).length).toBeGreaterThan(0);

    const uploads = kit.api.app.get(VideoUploads);
    // Touched just now (the screen asked for its processing): not stale yet.
    expect(await uploads.sweep()).toBe(0);
    expect(await uploads.sweep(Date.now() + STALE_MS + 1000)).toBeGreaterThanOrEqual(1);
    expect(await stored(`hls/${id}`)).toEqual([]);
    expect(await leftOf(key)).toEqual([]);
    expect(await stateOf(id)).toBeUndefined();
    expect((await kit.api.request(`/cuviewTV/get_video/${id}/`, { token: kit.viewerToken })).status).toBe(404);
  }, 600_000);

  it('a video deleted while its upload is transcoded leaves nothing behind', async () => {
    const { key, duration } = await upload();
    const id = await reservedId(key);
    await until('the transcode to run', async () => ((await processing(key))?.state === 'active' ? true : undefined));
    expect((await save(key, duration)).status).toBe(201);
    expect((await kit.call(`/cuviewTV/delete_video/${id}/${id}/`, { method: 'DELETE' })).status).toBe(200);
    await until('the transcode to stop and clean up', async () => {
      const job = await queues.findJob(JobName.VideoTranscode, { videoId: id });
      const state = await job?.getState();
      const left = [...(await stored(`hls/${id}`)), ...(await leftOf(key))];
      return state !== 'active' && state !== 'waiting' && left.length === 0 ? true : undefined;
    });
    expect(await stateOf(id)).toBeUndefined();
  }, 600_000);
});
