import type { Video, VideoPage } from './types';

/**
 * The spec names the count (`videoLength`) but not the list's key. Until the OpenAPI types
 * land, accept a bare array or an object carrying the list under `videos` or `results`.
 */
export function toVideoPage(answer: unknown): VideoPage {
  if (Array.isArray(answer)) return { videos: answer as Video[], videoLength: answer.length };
  if (answer && typeof answer === 'object') {
    const o = answer as { videos?: Video[]; results?: Video[]; videoLength?: number };
    const videos = o.videos ?? o.results ?? [];
    return { videos, videoLength: typeof o.videoLength === 'number' ? o.videoLength : videos.length };
  }
  return { videos: [], videoLength: 0 };
}

/** Same for answers that are a list of anything under one of a few keys. */
export function toList<T>(answer: unknown, ...keys: string[]): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    for (const key of [...keys, 'results', 'data']) {
      const value = (answer as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}
