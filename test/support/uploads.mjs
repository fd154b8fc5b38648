// What staff send when they add a video, for tools that test the product from outside (the
// hostile suite's admin cases, the fault drill's uploads): a real clip to upload, and the
// `data` field of `fill_video_info/` that saves it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './product.mjs';

/**
 * The bytes of a real H.264/AAC MP4 with its index first (as browsers upload), `seconds` long,
 * made at `file` by the media library's test clip generator (built, in dist/) unless it is
 * there already.
 */
export async function makeClip(file, { seconds, width, height, fps = 25 }) {
  if (!existsSync(file)) {
    const generator = path.join(ROOT, 'dist/libs/media/src/testing/generate.js');
    const { generateTestVideo } = await import(generator);
    await generateTestVideo(file, { width, height, seconds, fps, faststart: true, x264Preset: 'ultrafast' });
  }
  return readFileSync(file);
}

/**
 * The JSON of `fill_video_info/`'s `data` field: a video made of the upload stored under `key`,
 * with one genre, mood, video genre and tag and one track entry from 0 to at most 1 s.
 */
export function videoInfo({ title, key, duration, genre, mood, videoGenre, tag, track, album, description = '' }) {
  return JSON.stringify({
    title,
    description,
    yt_link: '',
    file_original_path_linux: key,
    duration,
    genres: [genre],
    moods: [mood],
    videoGenres: [videoGenre],
    tags: [tag],
    tracks: [{ track_id: track, album_id: album, position: 1, start_time: 0, end_time: Math.min(1, duration) }],
    status: 1,
  });
}
