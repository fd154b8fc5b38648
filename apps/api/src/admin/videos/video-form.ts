import { BadRequestException } from '@nestjs/common';
import { Status } from '@app/contracts';
import { PROVIDE_TITLE, STATUS_MESSAGE, toStatus } from '../common/form-fields.js';
import { MAX_INT } from '../../common/params.js';
import { API_PREFIX } from '../../api-prefix.js';

/** Spec §5 texts, checked in the spec's order. */
export const VIDEO_MESSAGES = {
  title: PROVIDE_TITLE,
  genres: 'Please, Provide Genre',
  moods: 'Please, Provide Mood',
  videoGenres: 'Please, Provide Video genre',
  tags: 'Please, Provide Tags',
  tracks: 'Please, Add Tracks',
  upload: 'Please, Wait Video Upload',
  overlap: "Value Shouldn't override previous Track",
} as const;

export interface VideoFields {
  title: string;
  description: string;
  ytLink: string;
  status: Status;
  genres: number[];
  moods: number[];
  videoGenres: number[];
  tags: number[];
}

export interface TrackInput {
  trackId: number;
  albumId: number;
  position: number;
  startTime: number;
  endTime: number;
}

export interface NewVideoFields extends VideoFields {
  uploadKey: string;
  tracks: TrackInput[];
}

function fail(message: string): never {
  throw new BadRequestException({ message });
}

const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_INT;

/** A non-empty list of ids; an id given as {id} (the form's dropdown objects) is accepted too. */
function idList(value: unknown, missing: string, what: string): number[] {
  if (!Array.isArray(value) || value.length === 0) fail(missing);
  const ids = (value as unknown[]).map((item) =>
    typeof item === 'object' && item !== null && 'id' in item ? (item as { id: unknown }).id : item,
  );
  if (ids.length > 200) fail(`At most 200 ${what}`);
  if (!ids.every(isId)) fail(`${what} must be a list of ids`);
  return [...new Set(ids as number[])];
}

function text(value: unknown, name: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') fail(`${name} must be text`);
  const trimmed = (value as string).trim();
  if (trimmed.length > max) fail(`${name} is longer than ${max} characters`);
  return trimmed;
}

/** An embed's link: an http(s) address, or a file this product serves (`/cuviewTV/media/…`). */
const OWN_MEDIA = new RegExp(`^/${API_PREFIX}/media(?!.*/\\.\\.(?:/|$))/[^\\s?#]+$`);

function link(value: unknown): string {
  const url = text(value, 'yt_link', 500);
  if (url && !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url) && !OWN_MEDIA.test(url)) {
    fail(`yt_link must be an http(s) address or a /${API_PREFIX}/media/ address of this site`);
  }
  return url;
}

function status(value: unknown, fallback: Status): Status {
  if (value === undefined || value === null) return fallback;
  return toStatus(value) ?? fail(STATUS_MESSAGE);
}

/** The fields both forms share, in the spec's order: title, genre, mood, video genre, tags. */
export function parseVideoFields(data: Record<string, unknown>, fallbackStatus: Status): VideoFields {
  const title = typeof data.title === 'string' ? data.title.trim() : '';
  if (!title) fail(VIDEO_MESSAGES.title);
  if (title.length > 300) fail('The title is longer than 300 characters');
  const genres = idList(data.genres, VIDEO_MESSAGES.genres, 'genres');
  const moods = idList(data.moods, VIDEO_MESSAGES.moods, 'moods');
  const videoGenres = idList(data.videoGenres ?? data.videogenres, VIDEO_MESSAGES.videoGenres, 'video genres');
  const tags = idList(data.tags, VIDEO_MESSAGES.tags, 'tags');
  return {
    title,
    genres,
    moods,
    videoGenres,
    tags,
    description: text(data.description, 'description', 10_000),
    ytLink: link(data.yt_link),
    status: status(data.status, fallbackStatus),
  };
}

/** fill_video_info/: the shared fields, then tracks, then the finished upload. */
export function parseNewVideo(data: Record<string, unknown>): NewVideoFields {
  const fields = parseVideoFields(data, Status.Off);
  if (!Array.isArray(data.tracks) || data.tracks.length === 0) fail(VIDEO_MESSAGES.tracks);
  const uploadKey = data.file_original_path_linux;
  if (typeof uploadKey !== 'string' || !uploadKey.trim()) fail(VIDEO_MESSAGES.upload);
  const tracks = (data.tracks as unknown[]).map(parseTrack);
  if (tracks.length > 500) fail('At most 500 tracks');
  return { ...fields, uploadKey: (uploadKey as string).trim(), tracks };
}

function parseTrack(value: unknown, index: number): TrackInput {
  const row =
    typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : fail(`Track ${index + 1} is not an object`);
  const id = (key: string) =>
    isId(row[key]) ? (row[key] as number) : fail(`Track ${index + 1}: ${key} must be an id`);
  const seconds = (key: string) => {
    const n = typeof row[key] === 'string' && (row[key] as string).trim() !== '' ? Number(row[key]) : row[key];
    return typeof n === 'number' && Number.isFinite(n) && n >= 0
      ? n
      : fail(`Track ${index + 1}: ${key} must be a number of seconds`);
  };
  return {
    trackId: id('track_id'),
    albumId: id('album_id'),
    position: row.position === undefined ? index + 1 : id('position'),
    startTime: seconds('start_time'),
    endTime: seconds('end_time'),
  };
}

/**
 * Tracks in position order: each excerpt has a length, ends inside the video, and starts no
 * earlier than the previous one ends (spec §5). Positions become 1..n in that order.
 */
export function orderTracks(tracks: TrackInput[], videoDuration: number): TrackInput[] {
  const sorted = [...tracks].sort((a, b) => a.position - b.position);
  const positions = new Set(sorted.map((track) => track.position));
  if (positions.size !== sorted.length) fail('Two tracks have the same position');
  let previousEnd = -Infinity;
  return sorted.map((track, index) => {
    if (track.endTime <= track.startTime) fail(`Track ${track.position}: the end must come after the start`);
    // A second of slack: the wizard's slider and ffprobe may round differently.
    if (track.endTime > videoDuration + 1) {
      fail(
        `Track ${track.position} ends at ${track.endTime} s, after the end of the video (${Math.round(videoDuration)} s)`,
      );
    }
    if (track.startTime < previousEnd) fail(VIDEO_MESSAGES.overlap);
    previousEnd = track.endTime;
    return { ...track, position: index + 1 };
  });
}
