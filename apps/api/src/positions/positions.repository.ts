import { Injectable } from '@nestjs/common';
import type { VerifiedAccess } from '../auth/guards.js';
import { accountAcceptsTokenSql } from '../auth/jwt-tokens.service.js';
import { ReadDb } from '../catalogue/read-db.js';
import { videoJson, viewableVideo, type VideoJson } from '../catalogue/video-sql.js';

/** Seconds watched before a video counts as started (a glance is not worth resuming)... */
export const RESUME_MIN_SECONDS = 5;
/** ...or this share of a short clip. */
export const RESUME_MIN_SHARE = 0.1;
/**
 * A video is finished, and starts from the beginning, when the time left is under its last
 * 10 s (credits, applause)... */
export const FINISHED_LAST_SECONDS = 10;
/** ...or under 5 % of it when that is longer (a concert over 200 s)... */
export const FINISHED_SHARE_LEFT = 0.05;
/**
 * ...and a clip under 30 s keeps only its last third for the end, so that one stopped in its
 * middle still resumes. (95 % alone left 1.8 s of a 36 s clip: it resumed and ended at once.)
 */
const FINISHED_SHORT_DIVISOR = 3;
/** Length of the Continue watching row. */
export const CONTINUE_WATCHING_MAX = 20;

/** The one rule of "worth resuming" for a `watch_positions wp` row of a `videos v` row. */
const RESUMABLE = `wp.position >= LEAST(${RESUME_MIN_SECONDS}, v.duration * ${RESUME_MIN_SHARE})
  AND (v.duration <= 0 OR v.duration - wp.position >= GREATEST(v.duration * ${FINISHED_SHARE_LEFT},
    LEAST(${FINISHED_LAST_SECONDS}, v.duration / ${FINISHED_SHORT_DIVISOR})))`;

/** What a save did: written, or why nothing was (a dead account's token, the guest, unknown ids). */
export type SaveOutcome =
  { kind: 'saved' } | { kind: 'token_not_valid' } | { kind: 'guest' } | { kind: 'unknown_videos'; ids: number[] };

/** $1 user id, $2 video ids, $3 positions, $4 the token's iat (see save). Built once: it runs the most often. */
const SAVE_SQL = `WITH account AS (
  SELECT u.is_guest FROM users u WHERE u.id = $1 AND ${accountAcceptsTokenSql('u', '$4')}
), batch AS (
  SELECT DISTINCT ON (b.video_id) b.video_id, b.position
  FROM unnest($2::int[], $3::real[]) WITH ORDINALITY AS b(video_id, position, n)
  ORDER BY b.video_id, b.n DESC
), known AS (
  SELECT b.video_id, CASE WHEN v.duration > 0 THEN LEAST(b.position, v.duration) ELSE b.position END AS position
  FROM batch b JOIN videos v ON v.id = b.video_id AND ${viewableVideo()}
), saved AS (
  INSERT INTO watch_positions (user_id, video_id, position, updated_at)
  SELECT $1, k.video_id, k.position, now() FROM known k
  WHERE (SELECT count(*) FROM known) = (SELECT count(*) FROM batch)
    AND EXISTS (SELECT 1 FROM account WHERE NOT is_guest)
  ON CONFLICT (user_id, video_id) DO UPDATE SET position = EXCLUDED.position, updated_at = EXCLUDED.updated_at
  RETURNING 1
)
SELECT (SELECT CASE WHEN is_guest THEN 'guest' ELSE 'viewer' END FROM account) AS account,
  ARRAY(SELECT video_id FROM batch EXCEPT SELECT video_id FROM known ORDER BY 1) AS unknown,
  set_config('synchronous_commit', 'off', true) AS commit_mode`;

export interface ContinueWatchingRow {
  video: VideoJson & { resume_at: number; watched_at: string };
}

/**
 * Watch positions. Every statement is one prepared round trip on the shared pool (ReadDb):
 * saving is the most frequent call of a watching viewer, so it has to cost next to nothing.
 */
@Injectable()
export class PositionsRepository {
  constructor(private readonly db: ReadDb) {}

  /**
   * Upserts a batch for the account of an access token in one statement, clamped to each
   * video's duration, the last entry of a video winning. The same statement checks the account
   * (AccessTokenGuard verified the token alone): active, credentials unchanged since the token
   * was issued, and not the guest, so a password change or deactivation stops the saves at once
   * and nothing is written for them. When any id is not a visible video nothing is written and
   * those ids are answered (no half-written batch). The commit does not wait for the disk
   * (synchronous_commit off for this transaction alone): a position is overwritten within
   * seconds anyway, and a Postgres crash loses at most the last fraction of a second of them,
   * while waiting for the WAL flush held a pooled connection per save for as long as the disk
   * took (bench:positions: 54 saves/s saturated the pool and starved the catalogue reads).
   */
  async save(access: VerifiedAccess, videoIds: number[], positions: number[]): Promise<SaveOutcome> {
    const row = await this.db.one<{ account: 'viewer' | 'guest' | null; unknown: number[] }>({
      text: SAVE_SQL,
      values: [access.userId, videoIds, positions, access.issuedAt],
    });
    if (!row?.account) return { kind: 'token_not_valid' };
    if (row.account === 'guest') return { kind: 'guest' };
    return row.unknown.length > 0 ? { kind: 'unknown_videos', ids: row.unknown } : { kind: 'saved' };
  }

  /** Where to resume the video, or null (never watched, barely started, or finished). */
  async findResumable(userId: number, videoId: number): Promise<number | null> {
    const row = await this.db.one<{ position: number }>({
      text: `SELECT wp.position FROM watch_positions wp JOIN videos v ON v.id = wp.video_id
WHERE wp.user_id = $1 AND wp.video_id = $2 AND ${RESUMABLE}`,
      values: [userId, videoId],
    });
    return row?.position ?? null;
  }

  /** Visible videos the user stopped in the middle of, most recently watched first. */
  findContinueWatching(userId: number): Promise<ContinueWatchingRow[]> {
    return this.db.rows<ContinueWatchingRow>({
      text: `SELECT ${videoJson("'resume_at', wp.position, 'watched_at', wp.updated_at")} AS video
FROM watch_positions wp JOIN videos v ON v.id = wp.video_id AND ${viewableVideo()}
WHERE wp.user_id = $1 AND ${RESUMABLE}
ORDER BY wp.updated_at DESC, v.id DESC
LIMIT ${CONTINUE_WATCHING_MAX}`,
      values: [userId],
    });
  }
}
