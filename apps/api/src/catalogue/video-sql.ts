import { ImageKind } from '@app/contracts';
import { versionedImage } from '../images/image-addresses.js';
import type { MemberDto, TrackAlbumDto, TrackDto, VideoDto } from './dto/video.dto.js';
import type { MediaUrls } from './media-urls.js';

/** Access on (DESIGN.md §2.4). Inlined in SQL; never user input. */
export const VISIBLE = 1;

/**
 * A video viewers see, for a `videos` row aliased `v`: its access is on (DESIGN.md §2.4) and it
 * can be played: its own HLS ladder is ready, or it has an external link (yt_link) to play
 * instead. A video switched on while it is still transcoding, or whose only transcode failed,
 * appears nowhere a viewer looks (themes, playlists, banners, search, filters, its own page)
 * until it can be played; a re-transcode keeps the ladder before it until the new one is whole,
 * so a video already on stays on. A decision of ours: the spec gives only the access switch.
 * Partial indexes on "status = 1" still serve it; IDX_videos_hidden_id is built on HIDDEN_VIDEO.
 */
export const viewableVideo = (v = 'v'): string =>
  `(${v}.status = ${VISIBLE} AND (${v}.hls_master_key IS NOT NULL OR ${v}.yt_link <> ''))`;

/** The negation of viewableVideo, written as IDX_videos_hidden_id's predicate so that its anti-joins use it. */
export const hiddenVideo = (v = 'v'): string =>
  `(${v}.status <> ${VISIBLE} OR (${v}.hls_master_key IS NULL AND ${v}.yt_link = ''))`;

const MEMBER_JSON = (m: string) =>
  `json_build_object('id', ${m}.id, 'title', ${m}.title, 'title2', ${m}.title2, 'merch_url', ${m}.merch_url,
    'image_key', ${m}.image_key)`;

/**
 * One video as JSON for a `videos` row aliased `v`: its own fields and its tracks, each with
 * its artists and composers. Built in Postgres so that a list of videos is one round trip;
 * toVideoDto derives the video's members, artists, composers and footprint from the tracks
 * (in order of first appearance), which costs far less than asking Postgres for each.
 * `extra` adds key/value pairs (e.g. `'position', pv.position`).
 */
export const videoJson = (extra = '') => `json_build_object(${extra ? `${extra},` : ''}
  'id', v.id,
  'title', v.title,
  'duration', v.duration,
  'thumbnail_key', v.thumbnail_key,
  'yt_link', v.yt_link,
  'hls_master_key', v.hls_master_key,
  'storyboard_key', v.storyboard_key,
  'subtitles', (
    SELECT COALESCE(json_agg(json_build_object('language', s.language, 'label', s.label, 'file_key', s.file_key)
      ORDER BY s.label, s.language), '[]'::json)
    FROM video_subtitles s WHERE s.video_id = v.id),
  'watermark', EXISTS (SELECT 1 FROM watermark_codes w WHERE w.video_id = v.id),
  'tracks', (
    SELECT COALESCE(json_agg(json_build_object(
        'id', vt.id, 'position', vt.position, 'title', at.title,
        'starts_at', vt.start_time, 'ends_at', vt.end_time,
        'fingerprinted', at.fingerprinted_at IS NOT NULL,
        'album', json_build_object('id', al.id, 'title', al.title, 'cover_key', al.cover_key),
        'members', (
          SELECT COALESCE(json_agg(${MEMBER_JSON('m')} ORDER BY m.title, m.id), '[]'::json)
          FROM album_track_members atm JOIN members m ON m.id = atm.member_id
          WHERE atm.album_track_id = vt.album_track_id),
        'composers', (
          SELECT COALESCE(json_agg(json_build_object('id', c.id, 'title', c.title) ORDER BY c.title, c.id), '[]'::json)
          FROM album_track_composers atc JOIN composers c ON c.id = atc.composer_id
          WHERE atc.album_track_id = vt.album_track_id)
      ) ORDER BY vt.position), '[]'::json)
    FROM video_tracks vt JOIN album_tracks at ON at.id = vt.album_track_id JOIN albums al ON al.id = at.album_id
    WHERE vt.video_id = v.id)
)`;

export const VIDEO_JSON = videoJson();

/** A member as MEMBER_JSON builds it: its stored image key stays in the api. */
type MemberJson = Omit<MemberDto, 'images'> & { image_key: string | null };

interface TrackJson {
  id: number;
  position: number;
  title: string;
  starts_at: number;
  ends_at: number;
  fingerprinted: boolean;
  album: Pick<TrackAlbumDto, 'id' | 'title'> & { cover_key: string | null };
  members: MemberJson[];
  composers: { id: number; title: string }[];
}

/** The shape VIDEO_JSON produces. */
export interface VideoJson {
  id: number;
  title: string;
  duration: number;
  thumbnail_key: string | null;
  yt_link: string;
  hls_master_key: string | null;
  storyboard_key: string | null;
  subtitles: { language: string; label: string; file_key: string }[];
  watermark: boolean;
  tracks: TrackJson[];
  position?: number;
}

/** Each value once, in order of first appearance (tracks by position, names sorted within a track). */
function distinctById<T extends { id: number }>(lists: T[][]): T[] {
  const seen = new Map<number, T>();
  for (const list of lists) for (const item of list) if (!seen.has(item.id)) seen.set(item.id, item);
  return [...seen.values()];
}

function toMemberDto({ image_key, ...member }: MemberJson): MemberDto {
  return { ...member, images: versionedImage(ImageKind.Member, member.id, image_key) };
}

export function toVideoDto(row: VideoJson, urls: MediaUrls): VideoDto {
  const trackMembers = row.tracks.map((t) => t.members.map(toMemberDto));
  const members = distinctById(trackMembers);
  const composers = distinctById(row.tracks.map((t) => t.composers));
  const tracks: TrackDto[] = row.tracks.map((t, i) => ({
    id: t.id,
    position: t.position,
    title: t.title,
    members: trackMembers[i]!,
    starts_at: t.starts_at,
    ends_at: t.ends_at,
    album: {
      id: t.album.id,
      title: t.album.title,
      cover: t.album.cover_key !== null,
      images: versionedImage(ImageKind.Album, t.album.id, t.album.cover_key),
    },
  }));
  const dto: VideoDto = {
    id: row.id,
    title: row.title,
    duration: row.duration,
    images: versionedImage(ImageKind.Video, row.id, row.thumbnail_key),
    scripted_bunny_path: urls.hls(row.hls_master_key),
    storyboard: urls.media(row.storyboard_key),
    subtitles: row.subtitles.map((t) => ({ language: t.language, label: t.label, src: urls.media(t.file_key) })),
    yt_link: row.yt_link,
    artists: members.map((m) => m.title).join(', '),
    composers: composers.map((c) => c.title).join(', '),
    members,
    tracks,
    watermark: row.watermark,
    // Analysis can recognise the video when every track is in the fingerprint index.
    footprint: row.tracks.length > 0 && row.tracks.every((t) => t.fingerprinted),
  };
  if (row.position !== undefined) dto.position = row.position;
  return dto;
}

/** A parameterised SQL statement, runnable by TypeORM's `query` or a raw `pg` client alike. */
export interface SqlQuery {
  text: string;
  values: unknown[];
  /**
   * Planned for its values on every run instead of prepared once (ReadDb): for statements
   * whose best plan depends on the values (a wide filter or a narrow one).
   */
  planEachTime?: boolean;
}

/**
 * One page of videos plus the number of matches, in one statement. `matched` is a SELECT of
 * `id` and a sort key `k` over visible videos; pages are ordered by k, then newest first.
 * A page past the end answers no videos and the true total. `bounded` instead supplies common
 * table expressions that define `matched` themselves, and an SQL boolean answered as
 * `estimated` (the total is a lower bound).
 */
export function videoPageQuery(
  matched: string | null,
  values: unknown[],
  page: number,
  pageSize: number,
  bounded?: { ctes: string; estimated: string },
): SqlQuery {
  const n = values.length;
  const ctes = bounded ? bounded.ctes : `WITH matched AS MATERIALIZED (${matched})`;
  return {
    text: `${ctes}
SELECT (SELECT count(*)::int FROM matched) AS total, ${bounded ? bounded.estimated : 'false'} AS estimated,
  COALESCE((
    SELECT json_agg(${VIDEO_JSON} ORDER BY p.k DESC, p.id DESC)
    FROM (SELECT id, k FROM matched ORDER BY k DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}) p
    JOIN videos v ON v.id = p.id
  ), '[]'::json) AS videos`,
    values: [...values, pageSize, (page - 1) * pageSize],
  };
}

/**
 * videoPageQuery for lists ordered newest first only (categories), where `matched`
 * is a SELECT of `id` over visible videos. Without a rank to sort by, the page is read in id
 * order and can stop after one page: for the unfiltered list Postgres walks the primary key
 * backwards instead of sorting all ~100,000 ids, and the count is a plain count(*) rather than
 * a scan of a materialised set (about 150 ms down to 20 ms on the bench catalogue). A small
 * `matched` (a selection of a few thousand ids) is materialised so it is computed once.
 */
export function newestVideoPageQuery(
  matched: string,
  values: unknown[],
  page: number,
  pageSize: number,
  materialise: boolean,
): SqlQuery {
  const n = values.length;
  const source = materialise ? 'matched' : `(${matched})`;
  return {
    text: `${materialise ? `WITH matched AS MATERIALIZED (${matched})\n` : ''}SELECT (SELECT count(*)::int FROM ${source} c) AS total,
  COALESCE((
    SELECT json_agg(${VIDEO_JSON} ORDER BY p.id DESC)
    FROM (SELECT m.id FROM ${source} m ORDER BY m.id DESC LIMIT $${n + 1} OFFSET $${n + 2}) p
    JOIN videos v ON v.id = p.id
  ), '[]'::json) AS videos`,
    values: [...values, pageSize, (page - 1) * pageSize],
  };
}
