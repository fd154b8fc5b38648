import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { loadConfig, type AppConfig } from '@app/config';
import { ProcessingState, JobQueues } from '@app/contracts';
import { createDataSource } from '@app/db';
import { FFMPEG_QUIET, LocalStorage, runProcess, writeWav } from '@app/media';
import { createTestDatabase, serviceUrls, uniqueRedisPrefix } from '@app/testing';
// The deterministic music synthesizer of the recognition tests (not exported by the library).
import { SynthTrack } from '../../../libs/recognition/src/testing/synth.js';
import { loadWorkerSettings, type WorkerSettings } from '../src/worker.settings.js';

/** A worker's surroundings for one test file: its own database, Redis prefix, storage and scratch folders. */
export interface WorkerTestEnv {
  env: Record<string, string>;
  config: AppConfig;
  settings: WorkerSettings;
  db: DataSource;
  redis: Redis;
  storage: LocalStorage;
  storageDir: string;
  queues: JobQueues;
  close(): Promise<void>;
}

export async function createWorkerTestEnv(overrides: Record<string, string> = {}): Promise<WorkerTestEnv> {
  const database = await createTestDatabase();
  const root = await mkdtemp(join(tmpdir(), 'cuview-worker-test-'));
  const storageDir = join(root, 'storage');
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: serviceUrls().redisUrl,
    REDIS_PREFIX: uniqueRedisPrefix(),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!',
    STORAGE_DIR: storageDir,
    WORKER_PORT: '0',
    WORKER_TMP_DIR: join(root, 'tmp'),
    LOG_LEVEL: process.env.WORKER_TEST_LOG_LEVEL ?? 'silent',
    // A killed worker's job comes back within seconds instead of the production half minute.
    WORKER_LOCK_DURATION_MS: '3000',
    WORKER_STALLED_INTERVAL_MS: '1000',
    WORKER_SHUTDOWN_GRACE_MS: '5000',
    ...overrides,
  };
  const config = loadConfig(env);
  const settings = loadWorkerSettings(env);
  const db = await createDataSource(database.url, { extra: { max: 3 } }).initialize();
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const queues = new JobQueues(redis, config.REDIS_PREFIX);
  return {
    env,
    config,
    settings,
    db,
    redis,
    storage: new LocalStorage({ root: storageDir }),
    storageDir,
    queues,
    close: async () => {
      await queues.close();
      await deleteRedisPrefix(redis, config.REDIS_PREFIX);
      await redis.quit();
      await db.destroy();
      await database.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Deletes every key under the prefix (what a Redis that lost its data looks like to us), never FLUSHALL. */
export async function deleteRedisPrefix(redis: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}

export async function insertVideo(
  db: DataSource,
  fields: { originalKey: string | null; state?: ProcessingState; thumbnailKey?: string | null },
): Promise<number> {
  const rows: { id: number }[] = await db.query(
    `INSERT INTO videos (title, original_key, processing_state, thumbnail_key) VALUES ($1, $2, $3, $4) RETURNING id`,
    ['Test video', fields.originalKey, fields.state ?? ProcessingState.Queued, fields.thumbnailKey ?? null],
  );
  return rows[0]!.id;
}

export async function insertAlbumTrack(db: DataSource, audioKey: string | null, duration = 0): Promise<number> {
  const [album]: { id: number }[] = await db.query(
    `INSERT INTO albums (title, catalogue_num) VALUES ('Test album', $1) RETURNING id`,
    [`CAT-${Math.random().toString(36).slice(2, 10)}`],
  );
  const [track]: { id: number }[] = await db.query(
    `INSERT INTO album_tracks (album_id, position, title, audio_key, duration) VALUES ($1, 1, 'Test track', $2, $3) RETURNING id`,
    [album!.id, audioKey, duration],
  );
  return track!.id;
}

export interface TwoSongVideo {
  videoId: number;
  /** Song A's and song B's album tracks. */
  albumTrackIds: [number, number];
  /** The video's track entries: song A from 0 s, song B from `songSeconds`. */
  entryIds: [number, number];
}

/**
 * A music video of two synthesised songs, one after the other, over a test picture: the
 * songs stored as album tracks and the video with one track entry per song, all queued for
 * nothing yet (the caller runs the fingerprint and transcode jobs it needs).
 */
export async function insertTwoSongVideo(
  t: WorkerTestEnv,
  { songSeconds, sampleRate, size }: { songSeconds: number; sampleRate: number; size: string },
): Promise<TwoSongVideo> {
  const dir = join(t.env.WORKER_TMP_DIR!, '..');
  const songs = [new SynthTrack(4242, songSeconds), new SynthTrack(5151, songSeconds)].map((song) =>
    song.render(sampleRate),
  );
  const soundtrack = new Float32Array(songs[0]!.length + songs[1]!.length);
  soundtrack.set(songs[0]!);
  soundtrack.set(songs[1]!, songs[0]!.length);
  await writeWav(join(dir, 'song-a.wav'), songs[0]!, sampleRate, 1);
  await writeWav(join(dir, 'song-b.wav'), songs[1]!, sampleRate, 1);
  await writeWav(join(dir, 'soundtrack.wav'), soundtrack, sampleRate, 1);
  const clip = join(dir, 'clip.mp4');
  await runProcess('ffmpeg', [
    ...FFMPEG_QUIET,
    ...['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=25:d=${2 * songSeconds}`, '-i', join(dir, 'soundtrack.wav')],
    ...['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '160k', '-ac', '2', '-shortest', clip],
  ]);
  await t.storage.putFile('audio/test/song-a.wav', join(dir, 'song-a.wav'));
  await t.storage.putFile('audio/test/song-b.wav', join(dir, 'song-b.wav'));
  await t.storage.putFile('originals/test/clip.mp4', clip);
  const albumTrackIds: [number, number] = [
    await insertAlbumTrack(t.db, 'audio/test/song-a.wav', songSeconds),
    await insertAlbumTrack(t.db, 'audio/test/song-b.wav', songSeconds),
  ];
  const videoId = await insertVideo(t.db, {
    originalKey: 'originals/test/clip.mp4',
    thumbnailKey: 'images/test/t.jpg',
  });
  const entries: { id: number }[] = await t.db.query(
    `INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time)
     VALUES ($1, $2, 1, 0, $4), ($1, $3, 2, $4, $5) RETURNING id`,
    [videoId, ...albumTrackIds, songSeconds, 2 * songSeconds],
  );
  return { videoId, albumTrackIds, entryIds: [entries[0]!.id, entries[1]!.id] };
}

export interface VideoRow {
  processing_state: string;
  processing_progress: number;
  processing_error: string | null;
  watermark_warning: string | null;
  hls_master_key: string | null;
  thumbnail_key: string | null;
  storyboard_key: string | null;
  duration: number;
}

export async function readVideo(db: DataSource, id: number): Promise<VideoRow> {
  const rows: VideoRow[] = await db.query(
    `SELECT processing_state, processing_progress, processing_error, watermark_warning, hls_master_key, thumbnail_key,
            storyboard_key, duration
       FROM videos WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function ffprobeJson(path: string, extra: string[] = []): Promise<Record<string, unknown>> {
  const { stdout } = await runProcess(
    'ffprobe',
    ['-v', 'error', '-protocol_whitelist', 'file', ...extra, '-show_format', '-show_streams', '-of', 'json', path],
    { collectStdout: true, timeoutMs: 30_000 },
  );
  return JSON.parse(stdout.toString('utf8')) as Record<string, unknown>;
}

export interface WorkerProcess {
  child: import('node:child_process').ChildProcess;
  /** JSON log lines the process wrote so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>;
  /** Pids of the tools (ffmpeg) the worker is running right now. */
  toolPids(): Promise<number[]>;
}

/**
 * Runs the real worker entry point (src/main.ts) as a child process, as production does, and
 * resolves once its queue workers are listening.
 */
export async function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', 'apps/worker/src/main.ts'], {
    env: { ...process.env, ...env, NODE_OPTIONS: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const started = await Promise.race([
    waitFor('the worker to start', async () => logs.some((l) => l.msg === 'health endpoints listening'), 60_000),
    exited.then((code) => {
      throw new Error(`worker exited (${code}) before starting: ${stderr.slice(-2000)}`);
    }),
  ]);
  void started;
  return {
    child,
    logs,
    exited,
    toolPids: async () => {
      const { stdout } = await runProcess('ps', ['-o', 'pid=', '--ppid', String(child.pid)], {
        collectStdout: true,
      }).catch(() => ({ stdout: Buffer.from('') }));
      return stdout
        .toString()
        .split('\n')
        .map((s) => Number(s.trim()))
        .filter((n) => n > 0);
    },
  };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A killed process that its new parent has not reaped yet is a zombie: it runs no more.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
