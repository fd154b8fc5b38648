import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { parseFile } from 'music-metadata';
import { DataSource } from 'typeorm';
import { DEFAULT_IDS, ImageKind, JobName, QueueName, jobId } from '@app/contracts';
import { LocalStorage, runProcess } from '@app/media';
import { createDataSource } from '@app/db';
import { createTestDatabase, serviceUrls, uniqueRedisPrefix } from '@app/testing';
import { PasswordHasher } from '@app/common';
import { AlbumImporter, collectAudioFiles, JobQueue, renderAlbums, seedDemoCatalogue, smallProfile } from './index.js';

const run = promisify(execFile);

// Generated media is cached where the real seed caches it, so only the first run pays for it.
const cacheDir = resolve(process.env.DEMO_MEDIA_DIR || '.data/demo-media');

describe('demo catalogue and album import', () => {
  const { redisUrl } = serviceUrls();
  const prefix = uniqueRedisPrefix();
  let database: { url: string; drop: () => Promise<void> };
  let dataSource: DataSource;
  let storageDir: string;
  let storage: LocalStorage;
  let jobs: JobQueue;
  let lines: string[];

  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    Number((await dataSource.query(sql, params))[0].n);

  const jobState = async (queue: QueueName, id: string) => {
    const job = await jobs.queue(queue).getJob(id);
    return job ? job.getState() : undefined;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await createDataSource(database.url).initialize();
    storageDir = await mkdtemp(join(tmpdir(), 'cuview-seed-storage-'));
    storage = new LocalStorage({ root: storageDir });
    jobs = new JobQueue(redisUrl, prefix);
    lines = [];
    const result = await seedDemoCatalogue(dataSource, storage, jobs, {
      profile: smallProfile(),
      cacheDir,
      ifEmpty: true,
      log: (line) => lines.push(line),
    });
    expect(result.skipped).toBeUndefined();
  }, 240_000);

  afterAll(async () => {
    for (const name of Object.values(QueueName)) await jobs.queue(name).obliterate({ force: true });
    await jobs.close();
    await dataSource.destroy();
    await database.drop();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('contains every id the spec uses as a default', async () => {
    for (const id of DEFAULT_IDS.videos) {
      expect(await count('SELECT count(*) AS n FROM videos WHERE id = $1 AND status = 1', [id])).toBe(1);
    }
    for (const id of DEFAULT_IDS.playlists) {
      expect(await count('SELECT count(*) AS n FROM playlist_videos WHERE playlist_id = $1', [id])).toBeGreaterThan(0);
    }
    for (const id of DEFAULT_IDS.groups) {
      expect(await count('SELECT count(*) AS n FROM group_playlists WHERE group_id = $1', [id])).toBeGreaterThan(0);
    }
    const [essentials] = await dataSource.query(
      `SELECT p.title FROM playlists p JOIN group_playlists gp ON gp.playlist_id = p.id
        WHERE p.id = $1 AND gp.group_id = $2`,
      [DEFAULT_IDS.essentialClassicsPlaylist, DEFAULT_IDS.essentialClassicsGroup],
    );
    expect(essentials.title).toBe('Essential Classics');
    const [concerts] = await dataSource.query('SELECT title FROM groups WHERE id = $1', [DEFAULT_IDS.concertsGroup]);
    expect(concerts.title).toBe('Concerts and Performances');
    // The landing pages' carousels have enough to show.
    expect(
      await count('SELECT count(*) AS n FROM playlists WHERE status = 1 AND user_id IS NULL'),
    ).toBeGreaterThanOrEqual(7);
    expect(
      await count('SELECT count(*) AS n FROM genres WHERE is_active AND image_key IS NOT NULL'),
    ).toBeGreaterThanOrEqual(7);
    // A new row continues after the explicit ids instead of colliding with them.
    const [video] = await dataSource.query(`INSERT INTO videos (title) VALUES ('after the seed') RETURNING id`);
    expect(video.id).toBeGreaterThan(Math.max(...DEFAULT_IDS.videos));
    await dataSource.query('DELETE FROM videos WHERE id = $1', [video.id]);
  });

  it('imports albums with tracks, artists, composers and stored, tagged audio', async () => {
    const tracks: { id: number; title: string; audio_key: string; album: string; catalogue_num: string }[] =
      await dataSource.query(
        `SELECT t.id, t.title, t.audio_key, a.title AS album, a.catalogue_num
           FROM album_tracks t JOIN albums a ON a.id = t.album_id ORDER BY t.id`,
      );
    expect(tracks.map((t) => `${t.album} — ${t.title}`)).toEqual([
      'Neon Avenue — Night Drive',
      'Neon Avenue — City of Glass',
      'Quiet Rooms — Blue Hour',
      'Quiet Rooms — Rain on Tin',
    ]);
    // The MP3s carry a catalogue number tag; the M4As do not, so one is derived.
    expect(tracks[0]!.catalogue_num).toBe('CUV-1001');
    expect(tracks[2]!.catalogue_num).toMatch(/^CUV-X[0-9A-F]{8}$/);
    for (const track of tracks) {
      const path = storage.localPath(track.audio_key);
      const metadata = await parseFile(path);
      expect(metadata.common.title).toBe(track.title);
      expect(metadata.format.duration).toBeGreaterThan(10);
    }
    const credits = await dataSource.query(
      `SELECT m.title AS member, m.merch_url FROM album_track_members l JOIN members m ON m.id = l.member_id
        JOIN album_tracks t ON t.id = l.album_track_id WHERE t.title = 'City of Glass' ORDER BY m.title`,
    );
    expect(credits.map((c: { member: string }) => c.member)).toEqual(['Mira Vale', 'The Lanterns']);
    expect(credits[0].merch_url).toMatch(/^https:\/\//);
    expect(await count('SELECT count(*) AS n FROM album_track_composers')).toBeGreaterThanOrEqual(4);
    const kinds = await dataSource.query(
      `SELECT DISTINCT kind FROM track_links WHERE album_track_id = $1 ORDER BY kind`,
      [tracks[0]!.id],
    );
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual([
      'AMAZON',
      'CUVIEW',
      'DEEZER',
      'EXTRA',
      'ITUNES',
      'SPOTIFY',
    ]);
    for (const track of tracks) {
      expect(await jobState(QueueName.Track, jobId(JobName.TrackExcerpt, { albumTrackId: track.id }))).toBe('waiting');
      expect(await jobState(QueueName.Track, jobId(JobName.TrackFingerprint, { albumTrackId: track.id }))).toBe(
        'waiting',
      );
    }
  });

  it('stores each video original and queues its transcode; the embedded items play from their links', async () => {
    const videos: {
      id: number;
      original_key: string | null;
      processing_state: string;
      yt_link: string;
      duration: number;
    }[] = await dataSource.query(
      'SELECT id, original_key, processing_state, yt_link, duration FROM videos ORDER BY id',
    );
    const own = videos.filter((v) => v.original_key);
    expect(own.map((v) => v.id).sort((a, b) => a - b)).toEqual([...DEFAULT_IDS.videos].sort((a, b) => a - b));
    for (const video of own) {
      expect(video.processing_state).toBe('queued');
      expect(await storage.exists(video.original_key!)).toBe(true);
      expect(await jobState(QueueName.Video, jobId(JobName.VideoTranscode, { videoId: video.id }))).toBe('waiting');
      // Its picture comes before its ladder: the seed stores the poster frame and queues its sizes.
      const [{ thumbnail_key: poster }] = await dataSource.query('SELECT thumbnail_key FROM videos WHERE id = $1', [
        video.id,
      ]);
      expect(poster).toMatch(/^posters\//);
      expect(await storage.exists(poster)).toBe(true);
      expect(await jobState(QueueName.Image, jobId(JobName.ImageResize, { kind: ImageKind.Video, id: video.id }))).toBe(
        'waiting',
      );
      const placed = await dataSource.query(
        'SELECT start_time, end_time FROM video_tracks WHERE video_id = $1 ORDER BY position',
        [video.id],
      );
      expect(placed.length).toBeGreaterThan(0);
      expect(placed.at(-1).end_time).toBeLessThanOrEqual(video.duration);
    }
    // One embedded item per source kind, each with its own poster (resized by the image job).
    const external = videos.filter((v) => !v.original_key);
    expect(external).toHaveLength(12);
    for (const video of external) {
      expect(video.processing_state).toBe('external');
      const [row] = await dataSource.query('SELECT thumbnail_key FROM videos WHERE id = $1', [video.id]);
      expect(await storage.exists(row.thumbnail_key)).toBe(true);
      expect(await jobState(QueueName.Image, jobId(JobName.ImageResize, { kind: ImageKind.Video, id: video.id }))).toBe(
        'waiting',
      );
    }
    // The plain file is the product's own: stored under the item's stream prefix, linked by
    // the media route's address, so it plays without the internet.
    const plain = external.find((v) => v.yt_link.startsWith('/'))!;
    expect(plain.yt_link).toMatch(new RegExp(`^/cuviewTV/media/hls/${plain.id}/file/[a-z0-9-]+\\.mp4$`));
    expect(await storage.exists(plain.yt_link.replace('/cuviewTV/media/', ''))).toBe(true);
    const hosts = external
      .filter((v) => v !== plain)
      .map((v) => new URL(v.yt_link).hostname.replace(/^(www|home|share|cdnapisec)\./, ''));
    expect(hosts.sort()).toEqual(
      [
        'dailymotion.com',
        'facebook.com',
        'kaltura.com',
        'mixcloud.com',
        'soundcloud.com',
        'streamable.com',
        'twitch.tv',
        'vidyard.com',
        'vimeo.com',
        'wistia.com',
        'youtube.com',
      ].sort(),
    );
  });

  it('makes pictures of albums, playlists and categories, and titles that search finds without accents', async () => {
    // Playlist covers are collages of album art and posters: not one picture repeated, not the title again.
    const thumbs: { thumbnail_key: string }[] = await dataSource.query(
      'SELECT thumbnail_key FROM playlists WHERE thumbnail_key IS NOT NULL',
    );
    expect(thumbs.length).toBeGreaterThanOrEqual(10);
    const covers = await dataSource.query('SELECT cover_key FROM albums WHERE cover_key IS NOT NULL');
    const sizes = new Set<number>();
    for (const { cover_key: key } of covers) sizes.add((await storage.stat(key))!.size);
    expect(sizes.size).toBe(covers.length);
    expect(await count('SELECT count(*) AS n FROM categories WHERE icon_key IS NOT NULL')).toBeGreaterThanOrEqual(6);
    // "cafe concert a montmartre" finds "Café Concert à Montmartre" (the search index's own normalisation).
    const [found] = await dataSource.query(
      `SELECT title FROM videos WHERE cuview_norm(title) LIKE '%' || cuview_norm('cafe concert a montmartre') || '%'`,
    );
    expect(found.title).toBe('Café Concert à Montmartre');
  });

  it('creates the staff and viewer accounts with the api password format', async () => {
    const users: { email: string; password_hash: string; is_staff: boolean; is_active: boolean }[] =
      await dataSource.query('SELECT email, password_hash, is_staff, is_active FROM users ORDER BY email');
    expect(users.map((u) => [u.email, u.is_staff, u.is_active])).toEqual([
      ['staff@cuview.local', true, true],
      ['viewer@cuview.local', false, true],
    ]);
    const hasher = new PasswordHasher();
    expect(await hasher.verify('staff-password', users[0]!.password_hash)).toBe(true);
    expect(await hasher.verify('viewer-password', users[1]!.password_hash)).toBe(true);
    expect(await hasher.verify('wrong-password', users[1]!.password_hash)).toBe(false);
  }, 20_000);

  it('does nothing the second time with --if-empty, and refuses to seed twice without it', async () => {
    const before = await count('SELECT count(*) AS n FROM videos');
    const again = await seedDemoCatalogue(dataSource, storage, jobs, {
      profile: smallProfile(),
      cacheDir,
      ifEmpty: true,
    });
    expect(again.skipped).toMatch(/already has 2 account/);
    expect(await count('SELECT count(*) AS n FROM videos')).toBe(before);
    await expect(seedDemoCatalogue(dataSource, storage, jobs, { profile: smallProfile(), cacheDir })).rejects.toThrow(
      /not empty.*--reset/,
    );
  });

  it('imports the same files again without duplicates, and gives changed audio new jobs', async () => {
    const { folder: albumFolder } = await renderAlbums(smallProfile(), cacheDir, () => undefined);
    const folder = await collectAudioFiles(albumFolder);
    expect(folder).toHaveLength(4);
    const before = {
      albums: await count('SELECT count(*) AS n FROM albums'),
      tracks: await count('SELECT count(*) AS n FROM album_tracks'),
      members: await count('SELECT count(*) AS n FROM members'),
      composers: await count('SELECT count(*) AS n FROM composers'),
      moods: await count('SELECT count(*) AS n FROM album_tracks WHERE mood_id IS NOT NULL'),
    };
    const importer = new AlbumImporter(storage);
    const again = await importer.importFiles(dataSource, jobs, folder, () => undefined);
    expect(again.failed).toEqual([]);
    expect(again.imported.map((t) => t.outcome)).toEqual(['updated', 'updated', 'updated', 'updated']);
    expect({
      albums: await count('SELECT count(*) AS n FROM albums'),
      tracks: await count('SELECT count(*) AS n FROM album_tracks'),
      members: await count('SELECT count(*) AS n FROM members'),
      composers: await count('SELECT count(*) AS n FROM composers'),
      moods: await count('SELECT count(*) AS n FROM album_tracks WHERE mood_id IS NOT NULL'),
    }).toEqual(before);

    // The same track re-encoded (same tags, other bytes): new audio, so new excerpt and fingerprint.
    const work = await mkdtemp(join(tmpdir(), 'cuview-import-'));
    try {
      const original = folder[0]!;
      const reencoded = join(work, 'night-drive-96k.mp3');
      await runProcess('ffmpeg', [
        '-nostdin',
        '-loglevel',
        'error',
        '-i',
        original,
        '-map_metadata',
        '0',
        '-b:a',
        '96k',
        reencoded,
      ]);
      const [track] = await dataSource.query(`SELECT id, audio_key FROM album_tracks WHERE title = 'Night Drive'`);
      const excerptId = jobId(JobName.TrackExcerpt, { albumTrackId: track.id });
      // Stand in for the worker: finish the track jobs, as if the excerpt had been cut.
      const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
      const worker = new Worker(QueueName.Track, async () => 'done', { connection, prefix });
      while ((await jobState(QueueName.Track, excerptId)) !== 'completed') await new Promise((r) => setTimeout(r, 50));
      await worker.close();
      await connection.quit();
      await dataSource.query(`UPDATE album_tracks SET excerpt_key = 'excerpts/old.m4a' WHERE id = $1`, [track.id]);

      const changed = await importer.importFiles(dataSource, jobs, [reencoded], () => undefined);
      expect(changed.imported[0]).toMatchObject({ albumTrackId: track.id, outcome: 'new audio' });
      const [after] = await dataSource.query('SELECT audio_key, excerpt_key FROM album_tracks WHERE id = $1', [
        track.id,
      ]);
      expect(after.audio_key).not.toBe(track.audio_key);
      expect(after.excerpt_key).toBeNull();
      expect(await storage.exists(after.audio_key)).toBe(true);
      expect(await jobState(QueueName.Track, excerptId)).toBe('waiting');
      expect(await count('SELECT count(*) AS n FROM album_tracks')).toBe(before.tracks);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('skips unreadable files with a message and exits 1 from the command line', async () => {
    const work = await mkdtemp(join(tmpdir(), 'cuview-import-cli-'));
    try {
      await writeFile(join(work, 'broken.mp3'), 'not audio at all');
      const { folder } = await renderAlbums(smallProfile(), cacheDir, () => undefined);
      const audio = (await collectAudioFiles(folder)).find((f) => f.endsWith('.m4a'))!;
      await cp(audio, join(work, 'blue-hour.m4a'));
      const env = {
        ...process.env,
        NODE_OPTIONS: '',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: prefix,
        STORAGE_DIR: storageDir,
      };
      const outcome = await run(
        process.execPath,
        ['--import', '@swc-node/register/esm-register', 'libs/catalogue-seed/src/cli/import-albums.ts', work],
        { env },
      ).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
      );
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toContain('[1/2] Quiet Rooms — Blue Hour (updated)');
      expect(outcome.stdout).toMatch(/\[2\/2\] skipped broken\.mp3: .+/);
      expect(outcome.stdout).toContain('1 track(s) on 1 album(s) imported, 1 skipped');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});
