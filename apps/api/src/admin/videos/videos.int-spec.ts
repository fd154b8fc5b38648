import { execFileSync } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { JobName, QueueName } from '@app/contracts';
import { generateTestVideo, truncateCopy } from '@app/media';
import { NO_SOUND_MESSAGE } from './video-uploads.js';
import { QueueService } from '../../queue/queue.service.js';
import { startAdminKit, type AdminTestKit, type Answer } from '../testing/admin-kit.js';
import { formInit, jpeg, png, SERVER_KEY } from '../testing/forms.js';
import { fileBody, rawUpload } from '../testing/raw-upload.js';
import { Seed } from '../testing/seed.js';

const UPLOAD_LIMIT = 3 * 1024 * 1024;

describe('admin videos', () => {
  let kit: AdminTestKit;
  let seed: Seed;
  let work: string;
  let clip: Buffer;
  let ids: { genre: number; mood: number; videoGenre: number; tag: number; album: number; tracks: number[] };

  beforeAll(async () => {
    kit = await startAdminKit({ UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) });
    seed = new Seed(kit.db);
    work = await mkdtemp(join(tmpdir(), 'cuview-video-test-'));
    // A real 3 s clip: testsrc2 picture and a sine tone, H.264 + AAC in MP4.
    clip = await readFile(
      await generateTestVideo(join(work, 'clip.mp4'), { width: 320, height: 240, seconds: 3, fps: 15 }),
    );
    const { albumId, trackIds } = await seed.album({ tracks: 3, trackSeconds: 60 });
    ids = {
      genre: await seed.name('genres', 'Jazz'),
      mood: await seed.name('moods', 'Calm'),
      videoGenre: await seed.name('video_genres', 'Live'),
      tag: await seed.name('tags', 'piano'),
      album: albumId,
      tracks: trackIds,
    };
  });
  afterAll(async () => {
    await kit?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const upload = (data: Buffer, filename = 'clip.mp4') =>
    kit.call('/cuviewTV/upload_video/', formInit([{ name: 'file', filename, data, contentType: 'video/mp4' }]));

  const videoData = (key: string, extra: Record<string, unknown> = {}) => ({
    title: 'Blue in Green',
    description: 'Trio',
    yt_link: 'https://www.youtube.com/watch?v=abc',
    file_original_path_linux: key,
    duration: 3,
    genres: [ids.genre],
    moods: [ids.mood],
    videoGenres: [ids.videoGenre],
    tags: [ids.tag],
    tracks: [
      { track_id: ids.tracks[0], album_id: ids.album, position: 1, start_time: 0, end_time: 1.5 },
      { track_id: ids.tracks[1], album_id: ids.album, position: 2, start_time: 1.5, end_time: 3 },
    ],
    status: 1,
    ...extra,
  });

  const fill = (data: unknown, thumbnail?: Buffer) =>
    kit.call(
      '/cuviewTV/fill_video_info/',
      formInit([
        { name: 'data', value: JSON.stringify(data) },
        ...(thumbnail ? [{ name: 'file', filename: 'thumb.png', data: thumbnail, contentType: 'image/png' }] : []),
      ]),
    );

  const listFiles = async (dir: string): Promise<string[]> => {
    try {
      return (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
    } catch {
      return [];
    }
  };

  const videoCount = async () => (await kit.db.query('SELECT count(*)::int AS n FROM videos'))[0].n;

  describe('upload and fill', () => {
    it('uploads a real clip, saves it with fill_video_info, and it ends in the queue with its tracks stored', async () => {
      const uploaded = await upload(clip, '../../etc/clip.mp4');
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.file_original_path_linux).toMatch(SERVER_KEY);
      expect(uploaded.body.duration).toBeCloseTo(3, 0);
      const stored = await readFile(join(kit.storageDir, uploaded.body.file_original_path_linux));
      expect(stored.equals(clip)).toBe(true);
      expect(await listFiles(kit.spoolDir)).toEqual([]);

      const created = await fill(videoData(uploaded.body.file_original_path_linux), await png(160, 90));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: 'Blue in Green',
        status: 1,
        duration: uploaded.body.duration,
        genres: [{ id: ids.genre, title: 'Jazz' }],
        moods: [{ id: ids.mood, title: 'Calm' }],
        videogenres: [{ id: ids.videoGenre, title: 'Live' }],
        tags: [{ id: ids.tag, title: 'piano' }],
        file_original_path_linux: uploaded.body.file_original_path_linux,
        file_path: null,
        scripted_bunny_path: '',
        has_thumbnail: true,
        processing_state: 'queued',
        processing_progress: 0,
        processing_error: null,
        watermark_warning: null,
        playlists: [],
      });
      expect(created.body.tracks).toEqual([
        expect.objectContaining({
          track_id: ids.tracks[0],
          album_id: ids.album,
          position: 1,
          start_time: 0,
          end_time: 1.5,
          track_title: 'Track 1',
        }),
        expect.objectContaining({ track_id: ids.tracks[1], position: 2, start_time: 1.5, end_time: 3 }),
      ]);
      const rows = await kit.db.query(
        'SELECT album_track_id, position, start_time, end_time FROM video_tracks WHERE video_id = $1 ORDER BY position',
        [created.body.id],
      );
      expect(rows).toEqual([
        { album_track_id: ids.tracks[0], position: 1, start_time: 0, end_time: 1.5 },
        { album_track_id: ids.tracks[1], position: 2, start_time: 1.5, end_time: 3 },
      ]);

      // The transcode job waits in BullMQ under the deterministic id, carrying ids only: queued at
      // the upload's end (with no worker here it has not started) and kept by Save.
      const queue = new Queue(QueueName.Video, {
        connection: { url: kit.api.config.REDIS_URL },
        prefix: kit.api.config.REDIS_PREFIX,
      });
      try {
        const job = await queue.getJob(`transcode-${created.body.id}`);
        expect(job?.name).toBe(JobName.VideoTranscode);
        expect(job?.data).toEqual({ videoId: created.body.id, uploadKey: uploaded.body.file_original_path_linux });
        expect(await job?.getState()).toBe('waiting');
        expect(job?.opts.attempts).toBeGreaterThan(1);
        expect(job?.opts.backoff).toMatchObject({ type: 'exponential' });
      } finally {
        await queue.close();
      }
      expect(created.body.job).toMatchObject({ id: `transcode-${created.body.id}`, state: 'waiting' });
      const thumbJob = await kit.api.app
        .get(QueueService)
        .findJob(JobName.ImageResize, { kind: 'video', id: created.body.id });
      expect(thumbJob).not.toBeNull();

      // One upload makes one video.
      const again = await fill(videoData(uploaded.body.file_original_path_linux));
      expect(again.status).toBe(400);
      expect(again.body.message).toMatch(/upload the video again/);
    });

    it('checks the form in the spec order, with the spec messages', async () => {
      const { body: up } = await upload(clip);
      const key = up.file_original_path_linux;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...videoData(key), title: '' }, 'Please, Provide Title'],
        [{ ...videoData(key), genres: [] }, 'Please, Provide Genre'],
        [{ ...videoData(key), moods: [] }, 'Please, Provide Mood'],
        [{ ...videoData(key), videoGenres: [] }, 'Please, Provide Video genre'],
        [{ ...videoData(key), tags: [] }, 'Please, Provide Tags'],
        [{ ...videoData(key), tracks: [] }, 'Please, Add Tracks'],
        [{ ...videoData(key), file_original_path_linux: '' }, 'Please, Wait Video Upload'],
        [
          videoData(key, {
            tracks: [
              { track_id: ids.tracks[0], album_id: ids.album, position: 1, start_time: 0, end_time: 2 },
              { track_id: ids.tracks[1], album_id: ids.album, position: 2, start_time: 1, end_time: 3 },
            ],
          }),
          "Value Shouldn't override previous Track",
        ],
        [{ ...videoData(key), genres: [999999] }, 'Unknown genre 999999'],
        [
          videoData(key, {
            tracks: [{ track_id: ids.tracks[0], album_id: 999999, position: 1, start_time: 0, end_time: 1 }],
          }),
          `Track ${ids.tracks[0]} is not on album 999999`,
        ],
        [
          videoData(key, {
            tracks: [{ track_id: ids.tracks[0], album_id: ids.album, position: 1, start_time: 0, end_time: 50 }],
          }),
          'Track 1 ends at 50 s, after the end of the video (3 s)',
        ],
        [
          { ...videoData(key), file_original_path_linux: '../../etc/passwd' },
          'Unknown upload: please, upload the video again',
        ],
        [
          { ...videoData(key), file_original_path_linux: 'originals/2020/01/00000000-0000-0000-0000-000000000000.mp4' },
          'Unknown upload: please, upload the video again',
        ],
      ];
      const before = await videoCount();
      for (const [data, message] of cases) expect(await fill(data)).toEqual({ status: 400, body: { message } });
      expect(await fill('not an object')).toEqual({
        status: 400,
        body: { message: 'The "data" field must be a JSON object' },
      });
      const broken = await kit.call('/cuviewTV/fill_video_info/', formInit([{ name: 'data', value: '{"title":' }]));
      expect(broken).toEqual({ status: 400, body: { message: 'The "data" field is not valid JSON' } });
      expect(await videoCount()).toBe(before);
      // A refused form leaves the upload usable.
      expect((await fill(videoData(key))).status).toBe(201);
    });

    it('refuses a bad thumbnail before creating anything', async () => {
      const { body: up } = await upload(clip);
      const before = await videoCount();
      const refused = await fill(
        videoData(up.file_original_path_linux),
        Buffer.from('<html><script>alert(1)</script></html>'),
      );
      expect(refused.status).toBe(415);
      expect(await videoCount()).toBe(before);
    });
  });

  describe('bad uploads', () => {
    const originals = async () => (await listFiles(kit.storageDir)).filter((f) => f.startsWith('originals/'));
    let before: string[] = [];
    beforeEach(async () => {
      before = await originals();
    });
    const expectNothingStored = async () => {
      expect(await originals()).toEqual(before);
      expect(await listFiles(kit.spoolDir)).toEqual([]);
    };

    it('refuses a text file named .mp4 with 415', async () => {
      const { status, body } = await upload(
        Buffer.from('just some text, not a video at all\n'.repeat(20)),
        'movie.mp4',
      );
      expect(status).toBe(415);
      expect(body.message).toMatch(/not a video/);
      await expectNothingStored();
    });

    it('refuses HLS playlists and concat scripts posing as .mp4 without reading the files or calling the addresses they name', async () => {
      const connections: number[] = [];
      const trap: Server = createServer((socket) => {
        connections.push(Date.now());
        socket.destroy();
      });
      await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
      const port = (trap.address() as { port: number }).port;
      const fifo = join(work, 'local-secret.fifo');
      execFileSync('mkfifo', [fifo]);
      try {
        const hostile = [
          `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${fifo}\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`,
          `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/segment.ts\n#EXT-X-ENDLIST\n`,
          `#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:1,\nsubfile,,start,0,end,0,,:${fifo}\n#EXT-X-ENDLIST\n`,
          `ffconcat version 1.0\nfile '${fifo}'\nfile 'http://127.0.0.1:${port}/x.mp4'\n`,
          `concat:${fifo}|/etc/passwd`,
        ];
        for (const text of hostile) {
          const { status } = await upload(Buffer.from(text), 'playlist.mp4');
          expect(status).toBe(415);
        }
        // Nobody opened the FIFO (opening its write end without a reader fails with ENXIO)…
        expect(() => openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)).toThrow(/ENXIO/);
        // …and nothing called the trap address.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(connections).toEqual([]);
      } finally {
        trap.close();
      }
      await expectNothingStored();
    });

    it('answers 413 as soon as the declared size is over the limit', async () => {
      const { body, boundary } = fileBody(Buffer.alloc(UPLOAD_LIMIT * 3));
      const answer = await rawUpload(kit.api.baseUrl, '/cuviewTV/upload_video/', {
        token: kit.staffToken,
        body,
        boundary,
        contentLength: body.length,
      });
      expect(answer).not.toBe('aborted');
      if (answer === 'aborted') return;
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toMatch(/larger than the 3 MB limit/);
      // Answered from the headers: most of the body was never sent.
      expect(answer.sentWhenAnswered).toBeLessThan(UPLOAD_LIMIT / 2);
      await expectNothingStored();
    });

    it('answers 413 while streaming when an undeclared (chunked) body grows over the limit, keeping nothing', async () => {
      const { body, boundary } = fileBody(Buffer.concat([clip, Buffer.alloc(UPLOAD_LIMIT + 1024 * 1024)]));
      const answer = await rawUpload(kit.api.baseUrl, '/cuviewTV/upload_video/', {
        token: kit.staffToken,
        body,
        boundary,
        contentLength: 'chunked',
      });
      expect(answer).not.toBe('aborted');
      if (answer === 'aborted') return;
      expect(answer.status).toBe(413);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expectNothingStored();
    });

    it('leaves no spooled file, no stored original and no video row when the client aborts mid-upload', async () => {
      const rowsBefore = await videoCount();
      const { body, boundary } = fileBody(Buffer.concat([clip, Buffer.alloc(1024 * 1024)]));
      const answer = await rawUpload(kit.api.baseUrl, '/cuviewTV/upload_video/', {
        token: kit.staffToken,
        body,
        boundary,
        abortAfterBytes: 512 * 1024,
      });
      expect(answer).toBe('aborted');
      // The server notices the closed connection and removes the partial spool file.
      for (let i = 0; i < 50 && (await listFiles(kit.spoolDir)).length > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      await expectNothingStored();
      expect(await videoCount()).toBe(rowsBefore);
    });

    it('refuses a faststart MP4 cut to its first 10 % with 400 and where it ends, keeping nothing', async () => {
      const whole = await generateTestVideo(join(work, 'whole-30s.mp4'), {
        width: 160,
        height: 120,
        seconds: 30,
        fps: 10,
        faststart: true,
      });
      const cut = await readFile(await truncateCopy(whole, join(work, 'cut-30s.mp4'), 0.1));
      const { status, body } = await upload(cut, 'concert.mp4');
      expect(status).toBe(400);
      expect(body.message).toMatch(/^The upload ends at \d(\.\d)? s of 30 s: the file is truncated; upload it again$/);
      await expectNothingStored();
      // The whole file is taken, with its real length.
      const taken = await upload(await readFile(whole), 'concert.mp4');
      expect(taken.status).toBe(201);
      expect(taken.body.duration).toBeCloseTo(30, 0);
    });

    it('refuses a video without a sound track with 415 and why, keeping nothing', async () => {
      const silent = await generateTestVideo(join(work, 'silent.mp4'), {
        width: 160,
        height: 120,
        seconds: 1,
        audio: false,
      });
      const { status, body } = await upload(await readFile(silent), 'clip.mp4');
      expect(status).toBe(415);
      expect(body.message).toBe(NO_SOUND_MESSAGE);
      await expectNothingStored();
    });

    it('refuses a form without a file, and a JSON body', async () => {
      expect((await kit.call('/cuviewTV/upload_video/', formInit([]))).status).toBe(400);
      expect((await kit.call('/cuviewTV/upload_video/', { method: 'POST', json: {} })).status).toBe(415);
    });
  });

  describe('the video after it is saved', () => {
    let videoId: number;
    let originalKey: string;

    beforeAll(async () => {
      const { body: up } = await upload(clip);
      originalKey = up.file_original_path_linux;
      videoId = (await fill(videoData(originalKey, { title: 'Spider-Man Theme', status: 0 }), await png())).body.id;
    });

    it('answers its info and edits it (tracks stay as they were)', async () => {
      const edited = await kit.call(
        `/cuviewTV/edit_video_info/${videoId}/`,
        formInit(
          [
            {
              name: 'data',
              value: JSON.stringify({
                ...videoData(originalKey),
                title: 'Renamed',
                videogenres: [ids.videoGenre],
                tracks: [],
                status: 1,
              }),
            },
          ],
          'PUT',
        ),
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ title: 'Renamed', status: 1 });
      expect(edited.body.tracks).toHaveLength(2);
      const noMood = await kit.call(
        `/cuviewTV/edit_video_info/${videoId}/`,
        formInit([{ name: 'data', value: JSON.stringify({ ...videoData(originalKey), moods: [] }) }], 'PUT'),
      );
      expect(noMood).toEqual({ status: 400, body: { message: 'Please, Provide Mood' } });
      expect((await kit.call(`/cuviewTV/get_video_info/${videoId}/`)).body.title).toBe('Renamed');
      expect((await kit.call('/cuviewTV/get_video_info/999999/')).status).toBe(404);
      await kit.call(
        `/cuviewTV/edit_video_info/${videoId}/`,
        formInit(
          [
            {
              name: 'data',
              value: JSON.stringify({ ...videoData(originalKey), title: 'Spider-Man Theme', status: 0 }),
            },
          ],
          'PUT',
        ),
      );
    });

    it('replaces the thumbnail and deletes the old one', async () => {
      const [{ thumbnail_key: before }] = await kit.db.query('SELECT thumbnail_key FROM videos WHERE id = $1', [
        videoId,
      ]);
      const replaced = await kit.call(
        `/cuviewTV/edit_video_thumbnail/${videoId}/`,
        formInit([{ name: 'file', filename: 't.jpg', data: await jpeg() }], 'PUT'),
      );
      expect(replaced.status).toBe(200);
      const [{ thumbnail_key: after }] = await kit.db.query('SELECT thumbnail_key FROM videos WHERE id = $1', [
        videoId,
      ]);
      expect(after).toMatch(SERVER_KEY);
      expect(await listFiles(kit.storageDir)).not.toContain(before);
      expect((await kit.call(`/cuviewTV/edit_video_thumbnail/${videoId}/`, formInit([], 'PUT'))).status).toBe(400);
    });

    it('lists in every mode with videoLength: all, inactive, search, filter; and suggests titles', async () => {
      const other = await seed.video({ title: 'Other tune', status: 1 });
      await seed.link('video_genre_links', other, ids.genre);
      const all = await kit.call('/cuviewTV/get_videos_for_admin/1/');
      expect(all.body.videoLength).toBe(await videoCount());
      expect(all.body.videos[0].id).toBe(other);
      expect(all.body.videos[0]).toMatchObject({
        title: 'Other tune',
        genres: [{ id: ids.genre, title: 'Jazz' }],
        processing_state: 'ready',
      });

      const off = await kit.call('/cuviewTV/get_videos_off/1/');
      expect(off.body.videos.map((v: Answer) => v.id)).toContain(videoId);
      expect(off.body.videos.every((v: Answer) => v.status === 0)).toBe(true);
      expect((await kit.call('/cuviewTV/get_videos_off_length/')).body).toEqual({ videoLength: off.body.videoLength });

      const search = await kit.call('/cuviewTV/get_search_results_for_admin/spider%20man/1/');
      expect(search.body).toEqual({ videos: [expect.objectContaining({ id: videoId })], videoLength: 1 });
      expect((await kit.call('/cuviewTV/get_videos_length_for_search/SPIDER-MAN/')).body).toEqual({ videoLength: 1 });
      // A title in another script is searched, not taken as no search at all (every video).
      const hebrew = await seed.video({ title: 'Neon Harbour — ליל הנמל', status: 1 });
      const nightly = await kit.call(`/cuviewTV/get_search_results_for_admin/${encodeURIComponent('הנמל')}/1/`);
      expect(nightly.body).toEqual({ videos: [expect.objectContaining({ id: hebrew })], videoLength: 1 });

      const byGenreAndMood = await kit.call('/cuviewTV/get_filter_results_for_admin/1/', {
        method: 'POST',
        json: { data: `${ids.genre}!4|${ids.mood}!5` },
      });
      expect(byGenreAndMood.status).toBe(200);
      expect(byGenreAndMood.body.videos.map((v: Answer) => v.id)).toContain(videoId);
      expect(byGenreAndMood.body.videos.map((v: Answer) => v.id)).not.toContain(other);
      const byGenre = await kit.call('/cuviewTV/get_filter_results_for_admin/1/', {
        method: 'POST',
        json: { data: [{ id: ids.genre, kind: 4 }] },
      });
      expect(byGenre.body.videos.map((v: Answer) => v.id)).toEqual(expect.arrayContaining([videoId, other]));
      expect(
        (await kit.call('/cuviewTV/get_filter_results_for_admin/1/', { method: 'POST', json: { data: '1!99' } }))
          .status,
      ).toBe(400);

      const suggestions = await kit.call('/cuviewTV/video_search_suggestions/spider/', { method: 'POST' });
      expect(suggestions.body).toEqual([{ id: videoId, title: 'Spider-Man Theme' }]);
    });

    it('shows processing state, and lets staff retry a failed job', async () => {
      const queueName = QueueName.Video;
      const connection = new Redis(kit.api.config.REDIS_URL, { maxRetriesPerRequest: null });
      const worker = new Worker(queueName, null, { connection, prefix: kit.api.config.REDIS_PREFIX });
      try {
        // Play the worker's part: take the job and fail it for good.
        const job = await worker.getNextJob('test-token');
        expect(job?.data).toMatchObject({ videoId: expect.any(Number) });
        await job!.moveToFailed(new UnrecoverableError('ffmpeg exited with code 1'), 'test-token');
        await kit.db.query(
          "UPDATE videos SET processing_state = 'failed', processing_error = 'ffmpeg exited with code 1' WHERE id = $1",
          [job!.data.videoId],
        );

        const failed = await kit.call(`/cuviewTV/get_video_info/${job!.data.videoId}/`);
        expect(failed.body).toMatchObject({
          processing_state: 'failed',
          processing_error: 'ffmpeg exited with code 1',
          job: { state: 'failed', failed_reason: 'ffmpeg exited with code 1' },
        });
        const retried = await kit.call(`/cuviewTV/retry_video_processing/${job!.data.videoId}/`, { method: 'POST' });
        expect(retried.status).toBe(200);
        expect(retried.body).toMatchObject({
          processing_state: 'queued',
          processing_error: null,
          job: { state: 'waiting' },
        });
        const twice = await kit.call(`/cuviewTV/retry_video_processing/${job!.data.videoId}/`, { method: 'POST' });
        expect(twice.status).toBe(409);
      } finally {
        await worker.close();
        connection.disconnect();
      }
      const ready = await seed.video({ processingState: 'ready', originalKey: 'originals/2026/01/x.mp4' });
      expect((await kit.call(`/cuviewTV/retry_video_processing/${ready}/`, { method: 'POST' })).body).toEqual({
        message: 'The video is already processed',
      });
      const external = await seed.video({ processingState: 'external' });
      expect((await kit.call(`/cuviewTV/retry_video_processing/${external}/`, { method: 'POST' })).status).toBe(409);
      // Queued in Postgres but lost from Redis: retry puts it back.
      const lost = await seed.video({ processingState: 'queued', originalKey: 'originals/2026/01/y.mp4' });
      expect((await kit.call(`/cuviewTV/retry_video_processing/${lost}/`, { method: 'POST' })).body.job).toMatchObject({
        state: 'waiting',
      });
    });

    it('deletes the video with its files and queued jobs; playlists and banners close their gaps', async () => {
      const { body: up } = await upload(clip);
      const doomed = (await fill(videoData(up.file_original_path_linux), await png())).body.id;
      const [{ thumbnail_key: thumbnailKey }] = await kit.db.query('SELECT thumbnail_key FROM videos WHERE id = $1', [
        doomed,
      ]);
      // What the worker would have written.
      await mkdir(join(kit.storageDir, `hls/${doomed}/run1`), { recursive: true });
      await writeFile(join(kit.storageDir, `hls/${doomed}/run1/master.m3u8`), '#EXTM3U\n');
      await writeFile(join(kit.storageDir, `${thumbnailKey}.300.webp`), 'x');
      const keep = await seed.video();
      const playlist = await seed.playlist();
      await seed.playlistVideos(playlist, [doomed, keep]);
      const group = await seed.group();
      await seed.groupPlaylists(group, [playlist]);
      await seed.banner(doomed, playlist, group, 'doomed banner');
      await seed.banner(keep, playlist, group, 'kept banner');

      const answer = await kit.call(`/cuviewTV/delete_video/${doomed}/any-bunny-id/`, { method: 'DELETE' });
      expect(answer).toEqual({ status: 200, body: { message: 'Video has been deleted' } });
      const files = await listFiles(kit.storageDir);
      expect(files).not.toContain(up.file_original_path_linux);
      expect(files.filter((f) => f.startsWith(`hls/${doomed}/`) || f.startsWith(thumbnailKey))).toEqual([]);
      expect(await kit.api.app.get(QueueService).findJob(JobName.VideoTranscode, { videoId: doomed })).toBeNull();
      expect(
        await kit.db.query('SELECT video_id, position FROM playlist_videos WHERE playlist_id = $1', [playlist]),
      ).toEqual([{ video_id: keep, position: 1 }]);
      expect(await kit.db.query('SELECT title, position FROM banner_videos ORDER BY position')).toEqual([
        { title: 'kept banner', position: 1 },
      ]);
      expect((await kit.call(`/cuviewTV/delete_video/${doomed}/x/`, { method: 'DELETE' })).status).toBe(404);
    });
  });

  describe('two staff members editing the same video', () => {
    const editData = (revision: number | undefined, extra: Record<string, unknown> = {}) => ({
      title: 'Round Midnight',
      description: '',
      yt_link: '',
      genres: [ids.genre],
      moods: [ids.mood],
      videogenres: [ids.videoGenre],
      tags: [ids.tag],
      status: 1,
      ...(revision === undefined ? {} : { revision }),
      ...extra,
    });
    const edit = (videoId: number, data: unknown) =>
      kit.call(
        `/cuviewTV/edit_video_info/${videoId}/`,
        formInit([{ name: 'data', value: JSON.stringify(data) }], 'PUT'),
      );
    const stored = async (videoId: number) =>
      (await kit.db.query('SELECT title, description, revision FROM videos WHERE id = $1', [videoId]))[0] as {
        title: string;
        description: string;
        revision: number;
      };
    const STALE = {
      message: 'Someone else saved this video after you opened it. Reload to see their changes, then make yours again.',
    };

    it("refuses a save made from an older revision, keeping the other person's change", async () => {
      const videoId = await seed.video({ title: 'Round Midnight' });
      const opened = (await kit.call(`/cuviewTV/get_video_info/${videoId}/`)).body;
      expect(opened.revision).toBe(1);

      // A changes the title and saves; B, who opened the form before, changes the description.
      const first = await edit(videoId, editData(opened.revision, { title: 'Round About Midnight' }));
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ title: 'Round About Midnight', revision: 2 });
      const second = await edit(videoId, editData(opened.revision, { description: 'Quintet take' }));
      expect(second).toEqual({ status: 409, body: STALE });
      expect(await stored(videoId)).toEqual({ title: 'Round About Midnight', description: '', revision: 2 });

      // After reloading, B's save goes through and the next one uses the revision it answered.
      const reloaded = (await kit.call(`/cuviewTV/get_video_info/${videoId}/`)).body;
      const again = await edit(videoId, {
        ...editData(reloaded.revision),
        title: reloaded.title,
        description: 'Quintet take',
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ title: 'Round About Midnight', description: 'Quintet take', revision: 3 });
      expect((await edit(videoId, editData(again.body.revision, { title: 'Round About Midnight' }))).status).toBe(200);
    });

    it('lets exactly one of two saves sent at once from the same revision through', async () => {
      const videoId = await seed.video({ title: 'Round Midnight' });
      const answers = await Promise.all([
        edit(videoId, editData(1, { title: 'From A' })),
        edit(videoId, editData(1, { title: 'From B' })),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect(await stored(videoId)).toEqual({ title: winner.body.title, description: '', revision: 2 });
    });

    it('saves without a revision as before, raising it; refuses a revision that is not a whole number', async () => {
      const videoId = await seed.video({ title: 'Round Midnight' });
      expect((await edit(videoId, editData(undefined, { title: 'No revision' }))).status).toBe(200);
      expect(await stored(videoId)).toMatchObject({ title: 'No revision', revision: 2 });
      expect(await edit(videoId, editData(undefined, { revision: 'two' }))).toEqual({
        status: 400,
        body: { message: 'revision must be a whole number from 1' },
      });
      expect((await edit(999999, editData(1))).status).toBe(404);
    });

    it('raises the revision when a bulk action changes what the form shows (access, tags)', async () => {
      const videoId = await seed.video({ title: 'Round Midnight' });
      const bulk = await kit.call('/cuviewTV/admin/videos/bulk/', {
        method: 'POST',
        json: { action: 'access_off', ids: [videoId] },
      });
      expect(bulk.status).toBe(200);
      expect((await edit(videoId, editData(1))).status).toBe(409);
      expect((await stored(videoId)).revision).toBe(2);
    });
  });
});
