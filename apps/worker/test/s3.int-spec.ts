import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName } from '@app/contracts';
import {
  generateTestVideo,
  parseMasterPlaylist,
  parseMediaPlaylist,
  S3Storage,
  startTestS3Server,
  type TestS3Server,
} from '@app/media';
import { startWorker, type WorkerApp } from '../src/bootstrap.js';
import { createWorkerTestEnv, insertVideo, readVideo, waitFor, type WorkerTestEnv } from './harness.js';

let t: WorkerTestEnv;
let s3: TestS3Server;
let storage: S3Storage;
let worker: WorkerApp;

beforeAll(async () => {
  s3 = await startTestS3Server('cuview-media');
  t = await createWorkerTestEnv({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    WORKER_RECONCILE_INTERVAL_MS: '600000',
  });
  storage = new S3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: s3.credentials,
  });
  const clip = join(t.env.WORKER_TMP_DIR!, '..', 'clip.mp4');
  await generateTestVideo(clip, { width: 320, height: 240, seconds: 2 });
  await storage.putFile('originals/test/clip.mp4', clip);
  // The worker builds its S3 driver from the configuration, as in production.
  worker = await startWorker(t.config, t.settings);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await s3?.close();
});

describe('worker with S3 storage (s3rver)', () => {
  it('reads the original from the bucket, writes the ladder there, and removes the old ladder on a re-run', async () => {
    const videoId = await insertVideo(t.db, { originalKey: 'originals/test/clip.mp4' });
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const first = await waitFor('the video to be ready', async () => {
      const row = await readVideo(t.db, videoId);
      return row.processing_state === 'ready' ? row : undefined;
    });
    const master = parseMasterPlaylist(await text((await storage.get(first.hls_master_key!)).body));
    expect(master.variants.map((v) => v.attributes.get('RESOLUTION'))).toEqual(['320x240']);
    const prefix = first.hls_master_key!.replace(/master\.m3u8$/, '');
    expect(await storage.exists(`${prefix}${master.variants[0]!.uri}`)).toBe(true);
    const media = parseMediaPlaylist(await text((await storage.get(`${prefix}${master.variants[0]!.uri}`)).body));
    const firstSegment = `${prefix}240p/${media.segments[0]!.uri}`;
    expect(media.ended).toBe(true);
    expect(await storage.exists(firstSegment)).toBe(true);
    expect(await storage.exists(first.thumbnail_key!)).toBe(true);

    await (await t.queues.findJob(JobName.VideoTranscode, { videoId }))!.remove();
    await t.db.query(`UPDATE videos SET processing_state = 'queued' WHERE id = $1`, [videoId]);
    await t.queues.enqueue(JobName.VideoTranscode, { videoId });
    const second = await waitFor('the second run', async () => {
      const row = await readVideo(t.db, videoId);
      return row.processing_state === 'ready' && row.hls_master_key !== first.hls_master_key ? row : undefined;
    });
    expect(await storage.exists(second.hls_master_key!)).toBe(true);
    expect(await storage.exists(first.hls_master_key!)).toBe(false);
    expect(await storage.exists(firstSegment)).toBe(false);
  }, 120_000);
});
