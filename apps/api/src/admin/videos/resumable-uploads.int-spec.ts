import { mkdtemp, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as tus from 'tus-js-client';
import { generateTestVideo } from '@app/media';
import { startTcpProxy, TestFactories } from '@app/testing';
import { ResumableUploads, RESUMABLE_UPLOAD_PATH } from './resumable-uploads.js';
import { startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import { VideoUploads } from './video-uploads.js';

const LIMIT = 8 * 1024 * 1024;
const CHUNK = 128 * 1024;

interface Sent {
  method: string;
  offset: number | null;
}

/** tus-js-client (as the browser runs it) against `endpoint`, logging each request it makes. */
function tusUpload(
  endpoint: string,
  token: string,
  data: Buffer,
  options: Partial<tus.UploadOptions> & { sent?: Sent[] } = {},
): { upload: tus.Upload; done: Promise<{ status: number; body: string }> } {
  let upload!: tus.Upload;
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    upload = new tus.Upload(data, {
      endpoint,
      chunkSize: CHUNK,
      retryDelays: [0, 100, 200, 400, 800, 1600],
      headers: { Authorization: `JWT ${token}` },
      metadata: { filename: 'concert.mp4' },
      onBeforeRequest: (request) => {
        const offset = request.getHeader('Upload-Offset');
        options.sent?.push({ method: request.getMethod(), offset: offset ? Number(offset) : null });
      },
      onSuccess: ({ lastResponse }) => resolve({ status: lastResponse.getStatus(), body: lastResponse.getBody() }),
      onError: reject,
      ...options,
    });
  });
  upload.start();
  return { upload, done };
}

describe('resumable video uploads (tus)', () => {
  let kit: AdminTestKit;
  let work: string;
  let clip: Buffer;
  let endpoint: string;
  let otherStaffToken: string;

  beforeAll(async () => {
    kit = await startAdminKit({ UPLOAD_MAX_BYTES: String(LIMIT) });
    endpoint = kit.api.baseUrl + RESUMABLE_UPLOAD_PATH;
    const factories = new TestFactories(kit.db, kit.api.config.JWT_SECRET);
    otherStaffToken = factories.token(await factories.user({ isStaff: true }), 3600);
    work = await mkdtemp(join(tmpdir(), 'cuview-tus-test-'));
    // About 2 MB: enough chunks for a cut in the middle.
    clip = await readFile(
      await generateTestVideo(join(work, 'clip.mp4'), {
        width: 320,
        height: 240,
        seconds: 4,
        fps: 15,
        videoBitrate: '4M',
      }),
    );
  });
  afterAll(async () => {
    await kit?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('resumes an upload whose connection is cut at half way, and answers what upload_video/ answers', async () => {
    const proxy = await startTcpProxy(kit.api.baseUrl);
    const sent: Sent[] = [];
    let cutAt = -1;
    try {
      const { done } = tusUpload(
        proxy.through(kit.api.baseUrl) + RESUMABLE_UPLOAD_PATH.slice(1),
        kit.staffToken,
        clip,
        {
          sent,
          onProgress: (bytes) => {
            if (cutAt < 0 && bytes >= clip.length / 2) {
              cutAt = sent.length;
              proxy.cut();
              setTimeout(() => proxy.restore(), 300);
            }
          },
        },
      );
      const answer = await done;
      expect(answer.status).toBe(200);
      const body = JSON.parse(answer.body) as { file_original_path_linux: string; duration: number };
      expect(body.file_original_path_linux).toMatch(/^originals\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.mp4$/);
      expect(body.duration).toBeCloseTo(4, 0);
      // Stored whole, byte for byte.
      const stored = await readFile(join(kit.storageDir, body.file_original_path_linux));
      expect(stored.equals(clip)).toBe(true);
      // One upload, created once; after the cut the client asked where it stood and went on from
      // there (never from 0).
      expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
      const after = sent.slice(cutAt);
      const resumedAt = after.find((r) => r.method === 'PATCH')!.offset!;
      expect(after.some((r) => r.method === 'HEAD')).toBe(true);
      expect(resumedAt).toBeGreaterThanOrEqual(clip.length / 2 - 2 * CHUNK);
      // fill_video_info/ can claim it, as an upload_video/ key, recorded as the uploader's.
      const record = await kit.api.app.get(VideoUploads).claim(body.file_original_path_linux);
      expect(record).toMatchObject({ size: clip.length, container: 'mp4', width: 320, height: 240 });
      // Nothing of the partial upload stays behind.
      expect(await readdir(join(kit.spoolDir, 'tus'))).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('resumes in a new session (a closed tab) from the upload address alone', async () => {
    const first = tusUpload(endpoint, kit.staffToken, clip, {
      onProgress: (bytes) => {
        if (bytes >= clip.length / 2) void first.upload.abort();
      },
    });
    const address = await new Promise<string>((resolve) => {
      const timer = setInterval(() => {
        if (first.upload.url && first.upload.file) {
          clearInterval(timer);
          resolve(first.upload.url);
        }
      }, 20);
    });
    // The aborted request's last chunk may still be landing on a busy machine: the offset to
    // resume from is the one the server holds once it stops moving.
    const storedOffset = async () =>
      Number(
        (
          await kit.staff(new URL(address).pathname, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })
        ).headers.get('upload-offset'),
      );
    let offset = -1;
    for (let before = -2; offset !== before;) {
      before = offset;
      await new Promise((resolve) => setTimeout(resolve, 300));
      offset = await storedOffset();
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(clip.length);

    const sent: Sent[] = [];
    const second = tusUpload(endpoint, kit.staffToken, clip, { uploadUrl: address, sent });
    expect((await second.done).status).toBe(200);
    expect(sent.find((r) => r.method === 'PATCH')!.offset).toBe(offset);
  });

  it('asks for a staff token on every request and keeps an upload to the staff member who started it', async () => {
    const create = (token?: string, length = clip.length) =>
      fetch(endpoint, {
        method: 'POST',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(length),
          ...(token ? { Authorization: `JWT ${token}` } : {}),
        },
      });
    expect((await create()).status).toBe(401);
    expect((await create(kit.viewerToken)).status).toBe(403);
    expect((await create(kit.staffToken, LIMIT + 1)).status).toBe(413);
    const created = await create(kit.staffToken);
    expect(created.status).toBe(201);
    const path = new URL(created.headers.get('location')!, endpoint).pathname;
    const patch = (token: string | undefined) =>
      fetch(kit.api.baseUrl + path, {
        method: 'PATCH',
        headers: {
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          ...(token ? { Authorization: `JWT ${token}` } : {}),
        },
        body: clip.subarray(0, 1000),
      });
    expect((await patch(undefined)).status).toBe(401);
    expect((await patch(otherStaffToken)).status).toBe(404);
    const head = (token: string) =>
      fetch(kit.api.baseUrl + path, {
        method: 'HEAD',
        headers: { 'Tus-Resumable': '1.0.0', Authorization: `JWT ${token}` },
      });
    expect((await head(otherStaffToken)).status).toBe(404);
    expect((await head(kit.staffToken)).headers.get('upload-offset')).toBe('0');
    // Downloading an upload is not offered.
    const get = await fetch(kit.api.baseUrl + path, { headers: { Authorization: `JWT ${kit.staffToken}` } });
    expect(get.status).toBe(404);
    expect((await patch(kit.staffToken)).status).toBe(204);
    expect((await head(kit.staffToken)).headers.get('upload-offset')).toBe('1000');
  });

  it('refuses a finished upload that is not a video, or is cut short, and keeps nothing of it', async () => {
    const before: string[] = await readdir(kit.storageDir, { recursive: true }).catch(() => []);
    const notVideo = tusUpload(endpoint, kit.staffToken, Buffer.alloc(300_000, 7), { retryDelays: [] });
    const error = (await notVideo.done.then(
      () => null,
      (e: unknown) => e,
    )) as tus.DetailedError;
    expect(error.originalResponse?.getStatus()).toBe(415);
    expect(JSON.parse(error.originalResponse!.getBody())).toEqual({ message: expect.any(String) });
    // A video missing its last third: the header promises more than there is.
    const cut = tusUpload(endpoint, kit.staffToken, clip.subarray(0, Math.floor(clip.length * 0.66)), {
      retryDelays: [],
    });
    const cutError = (await cut.done.then(
      () => null,
      (e: unknown) => e,
    )) as tus.DetailedError;
    expect([400, 415]).toContain(cutError.originalResponse?.getStatus());
    const after: string[] = await readdir(kit.storageDir, { recursive: true }).catch(() => []);
    expect(after.filter((f) => f.startsWith('originals/') && !before.includes(f) && f.endsWith('.mp4'))).toHaveLength(
      0,
    );
  });

  it('sweeps partial uploads nobody wrote to for UPLOAD_STALE_AFTER_MS, and keeps fresh ones', async () => {
    const uploads = kit.api.app.get(ResumableUploads);
    const createId = async () => {
      const created = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '5000', Authorization: `JWT ${kit.staffToken}` },
      });
      const location = created.headers.get('location')!;
      return location.slice(location.lastIndexOf('/') + 1);
    };
    const id = await createId();
    const freshId = await createId();
    const old = new Date(Date.now() - kit.api.config.UPLOAD_STALE_AFTER_MS - 60_000);
    for (const name of [id, `${id}.json`]) await utimes(join(uploads.dir, name), old, old);
    expect(await uploads.sweep()).toBeGreaterThanOrEqual(1);
    await expect(stat(join(uploads.dir, id))).rejects.toThrow();
    await expect(stat(join(uploads.dir, `${id}.json`))).rejects.toThrow();
    expect((await stat(join(uploads.dir, freshId))).isFile()).toBe(true);
  });
});
