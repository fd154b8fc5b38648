import { loadConfig } from '@app/config';
import { startWorker, type WorkerApp } from '../../../../worker/src/bootstrap.js';
import { loadWorkerSettings } from '../../../../worker/src/worker.settings.js';
import type { AdminTestKit } from './admin-kit.js';
import type { Seed } from './seed.js';

/**
 * The real worker in this process, on the kit's database, Redis prefix and storage folder, so
 * what the api queues is done as in production (its reconciler kept quiet).
 */
export function startWorkerFor(kit: AdminTestKit, logLevel = 'silent'): Promise<WorkerApp> {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: kit.api.databaseUrl,
    REDIS_URL: kit.api.config.REDIS_URL,
    REDIS_PREFIX: kit.api.config.REDIS_PREFIX,
    JWT_SECRET: kit.api.config.JWT_SECRET,
    STORAGE_DIR: kit.storageDir,
    WORKER_PORT: '0',
    WORKER_TMP_DIR: `${kit.storageDir}-worker`,
    LOG_LEVEL: logLevel,
    WORKER_RECONCILE_INTERVAL_MS: '600000',
  };
  return startWorker(loadConfig(env), loadWorkerSettings(env));
}

/** What a video to save needs besides its upload: an album of two tracks and one of each facet. */
export interface VideoParts {
  album: { albumId: number; trackIds: number[] };
  genre: number;
  mood: number;
  videoGenre: number;
  tag: number;
}

export async function seedVideoParts(seed: Seed): Promise<VideoParts> {
  return {
    album: await seed.album({ tracks: 2, trackSeconds: 120 }),
    genre: await seed.name('genres'),
    mood: await seed.name('moods'),
    videoGenre: await seed.name('video_genres'),
    tag: await seed.name('tags', 'live'),
  };
}

/** fill_video_info/'s data for an upload, with two tracks splitting it in halves. */
export function twoTrackVideo(
  key: string,
  duration: number,
  parts: VideoParts,
  title = 'Live at the Hall',
): Record<string, unknown> {
  const { album } = parts;
  const half = duration / 2;
  return {
    title,
    description: '',
    yt_link: '',
    file_original_path_linux: key,
    duration,
    genres: [parts.genre],
    moods: [parts.mood],
    videoGenres: [parts.videoGenre],
    tags: [parts.tag],
    tracks: [
      { track_id: album.trackIds[0], album_id: album.albumId, position: 1, start_time: 0, end_time: half },
      { track_id: album.trackIds[1], album_id: album.albumId, position: 2, start_time: half, end_time: duration },
    ],
    status: 1,
  };
}
