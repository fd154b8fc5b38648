import { videoJson, viewableVideo, VISIBLE, type SqlQuery, type VideoJson } from './video-sql.js';

// Reads of playlists as viewers see them: only visible videos count, for the duration, the
// cover (first visible video by position) and the list. Shared by the catalogue and personal
// playlists, and by the benchmark's raw `pg` baseline.

const FIRST_GROUP = `(
  SELECT gp.group_id FROM group_playlists gp JOIN groups g ON g.id = gp.group_id AND g.status = ${VISIBLE}
  WHERE gp.playlist_id = p.id ORDER BY g.position, g.id LIMIT 1)`;

// The picture is the playlist's own thumbnail, else its cover video's (ImagesRepository's rule).
const SUMMARY_COLUMNS = `p.id, p.title, p.user_id, s.duration, s.n AS number_of_videos,
  c.id AS cover_id, c.hls_master_key AS cover_hls, COALESCE(p.thumbnail_key, c.thumbnail_key) AS image_key`;

const SUMMARY_JOINS = `
  CROSS JOIN LATERAL (
    SELECT COALESCE(sum(v.duration), 0)::float8 AS duration, count(*)::int AS n
    FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id AND ${viewableVideo()}
    WHERE pv.playlist_id = p.id) s
  LEFT JOIN LATERAL (
    SELECT v.id, v.hls_master_key, v.thumbnail_key
    FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id AND ${viewableVideo()}
    WHERE pv.playlist_id = p.id ORDER BY pv.position LIMIT 1) c ON true`;

const HAS_VISIBLE_VIDEO = `EXISTS (
  SELECT 1 FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id AND ${viewableVideo()}
  WHERE pv.playlist_id = p.id)`;

/**
 * The editorial playlists (alias p) a viewer can reach from the lists: visible and holding a
 * video they may watch (New Playlists, playlist search). Group tabs add the group's own rule.
 */
export const LISTED_EDITORIAL = `p.status = ${VISIBLE} AND p.user_id IS NULL AND ${HAS_VISIBLE_VIDEO}`;

/** A user's own playlist (alias p), as their My Playlists shows it: empty ones included. */
export function ownPlaylist(userParam: string): string {
  return `p.user_id = ${userParam} AND p.status = ${VISIBLE}`;
}

/**
 * A group (alias g) shows to viewers while it holds a playlist groupPlaylistsQuery lists: a
 * theme just made, or whose playlists are all off or empty, is no empty tab on the main page.
 */
export const GROUP_HAS_PLAYLIST = `EXISTS (
  SELECT 1 FROM group_playlists gp JOIN playlists p ON p.id = gp.playlist_id AND p.status = ${VISIBLE}
  WHERE gp.group_id = g.id AND ${HAS_VISIBLE_VIDEO})`;

export interface PlaylistSummaryRow {
  id: number;
  title: string;
  user_id: number | null;
  group_id: number | null;
  position: number | null;
  duration: number;
  number_of_videos: number;
  cover_id: number | null;
  cover_hls: string | null;
  image_key: string | null;
}

export interface PlaylistDetailRow {
  id: number;
  title: string;
  user_id: number | null;
  group_id: number | null;
  /** The playlist's own thumbnail (its cover video's is in `videos`). */
  thumbnail_key: string | null;
  videos: VideoJson[];
}

/** A visible playlist with its visible videos in order (get_playlist_videos, get_custom_playlist). */
export function playlistVideosQuery(playlistId: number): SqlQuery {
  return {
    text: `SELECT p.id, p.title, p.user_id, ${FIRST_GROUP} AS group_id, p.thumbnail_key,
      COALESCE((
        SELECT json_agg(${videoJson(`'position', pv.position`)} ORDER BY pv.position)
        FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id AND ${viewableVideo()}
        WHERE pv.playlist_id = p.id), '[]'::json) AS videos
    FROM playlists p WHERE p.id = $1 AND p.status = ${VISIBLE}`,
    values: [playlistId],
  };
}

/** The visible, non-empty playlists of a group in group order. */
export function groupPlaylistsQuery(groupId: number): SqlQuery {
  return {
    text: `SELECT ${SUMMARY_COLUMNS}, gp.group_id, gp.position
    FROM group_playlists gp JOIN playlists p ON p.id = gp.playlist_id AND p.status = ${VISIBLE}
    ${SUMMARY_JOINS}
    WHERE gp.group_id = $1 AND s.n > 0
    ORDER BY gp.position, p.id`,
    values: [groupId],
  };
}

/**
 * Playlists as list items: `selected` is a query of playlists rows (aliased p, plus any sort
 * keys `order` names), already narrowed and limited, so the duration and cover are worked out
 * for those only.
 */
export function playlistSummariesOf(selected: string, order: string): string {
  return `SELECT ${SUMMARY_COLUMNS}, ${FIRST_GROUP} AS group_id, NULL::int AS position
    FROM (${selected}) p
    ${SUMMARY_JOINS}
    ORDER BY ${order}`;
}

/** The newest visible, non-empty editorial playlists. */
export function latestPlaylistsQuery(limit: number): SqlQuery {
  const order = 'p.created_at DESC, p.id DESC';
  return {
    text: playlistSummariesOf(
      `SELECT p.* FROM playlists p WHERE ${LISTED_EDITORIAL} ORDER BY ${order} LIMIT $1`,
      order,
    ),
    values: [limit],
  };
}

/**
 * A user's own playlists in their list's order (owner_position: a plain new playlist at the
 * end, a full one first; none counts as 0), empty ones included.
 */
export function userPlaylistsQuery(userId: number): SqlQuery {
  return {
    text: `SELECT ${SUMMARY_COLUMNS}, ${FIRST_GROUP} AS group_id, NULL::int AS position
    FROM playlists p ${SUMMARY_JOINS}
    WHERE ${ownPlaylist('$1')}
    ORDER BY COALESCE(p.owner_position, 0), p.id DESC`,
    values: [userId],
  };
}

/** One visible playlist as a list item. */
export function playlistSummaryQuery(playlistId: number): SqlQuery {
  return {
    text: `SELECT ${SUMMARY_COLUMNS}, ${FIRST_GROUP} AS group_id, NULL::int AS position
    FROM playlists p ${SUMMARY_JOINS}
    WHERE p.id = $1 AND p.status = ${VISIBLE}`,
    values: [playlistId],
  };
}
