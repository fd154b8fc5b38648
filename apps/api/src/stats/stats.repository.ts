import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { viewableVideo } from '../catalogue/video-sql.js';

/** One play report of the player, already checked. */
export interface PlayReport {
  videoId: number;
  playlistId: number;
  started: boolean;
  completed: boolean;
  watchedSeconds: number;
}

export interface PeriodTotals {
  plays: number;
  completions: number;
  watch_seconds: number;
}

export interface DayRow extends PeriodTotals {
  day: string;
}

export interface ItemRow extends PeriodTotals {
  id: number;
  title: string;
}

export interface SearchRow {
  query: string;
  searches: number;
}

const SUMS = `coalesce(sum(s.plays), 0)::int AS plays, coalesce(sum(s.completions), 0)::int AS completions,
  round(coalesce(sum(s.watch_seconds), 0)::numeric, 1)::float8 AS watch_seconds`;

/** The per-day counters of `play_stats` and `search_stats`, and their sums over a period. */
@Injectable()
export class StatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds a batch of reports to today's counters in one statement: grouped first, then one
   * atomic upsert per (video, playlist), so concurrent batches add up. Reports of videos that
   * no longer exist (or, with `visibleOnly`, that viewers do not see: viewableVideo) are left out; a playlist that
   * does not exist counts as "no playlist". Answers the reports counted.
   */
  async addPlays(reports: PlayReport[], options: { visibleOnly: boolean }): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `WITH counted AS (
         SELECT e.* FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::float8[])
                AS e(video_id, playlist_id, plays, completions, watched)
           JOIN videos v ON v.id = e.video_id AND (NOT $6::boolean OR ${viewableVideo()})
       ), added AS (
         INSERT INTO play_stats AS s (day, video_id, playlist_id, plays, completions, watch_seconds)
         SELECT current_date, c.video_id, CASE WHEN p.id IS NULL THEN 0 ELSE c.playlist_id END,
                sum(c.plays)::int, sum(c.completions)::int, sum(c.watched)
           FROM counted c LEFT JOIN playlists p ON p.id = c.playlist_id
          GROUP BY 2, 3
         ON CONFLICT (day, video_id, playlist_id) DO UPDATE
            SET plays = s.plays + EXCLUDED.plays,
                completions = s.completions + EXCLUDED.completions,
                watch_seconds = s.watch_seconds + EXCLUDED.watch_seconds
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM counted)::int AS n, (SELECT count(*) FROM added)::int AS upserts`,
      [
        reports.map((r) => r.videoId),
        reports.map((r) => r.playlistId),
        reports.map((r) => (r.started ? 1 : 0)),
        reports.map((r) => (r.completed ? 1 : 0)),
        reports.map((r) => r.watchedSeconds),
        options.visibleOnly,
      ],
    );
    return row?.n ?? 0;
  }

  async addSearch(query: string, found: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO search_stats AS s (day, query, searches, empty_searches) VALUES (current_date, $1, 1, $2)
       ON CONFLICT (day, query) DO UPDATE
          SET searches = s.searches + 1, empty_searches = s.empty_searches + EXCLUDED.empty_searches`,
      [query, found ? 0 : 1],
    );
  }

  async totals(from: string, to: string): Promise<PeriodTotals> {
    const [row] = await this.dataSource.query(`SELECT ${SUMS} FROM play_stats s WHERE s.day BETWEEN $1 AND $2`, [
      from,
      to,
    ]);
    return row as PeriodTotals;
  }

  /** Every day of the period, zero where nothing was played (the chart has no gaps). */
  async days(from: string, to: string): Promise<DayRow[]> {
    return this.dataSource.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${SUMS}
         FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
         LEFT JOIN play_stats s ON s.day = d.day::date
        GROUP BY d.day ORDER BY d.day`,
      [from, to],
    );
  }

  async topVideos(from: string, to: string, limit: number): Promise<ItemRow[]> {
    return this.dataSource.query(
      `SELECT v.id, v.title, ${SUMS}
         FROM play_stats s JOIN videos v ON v.id = s.video_id
        WHERE s.day BETWEEN $1 AND $2
        GROUP BY v.id ORDER BY sum(s.plays) DESC, sum(s.watch_seconds) DESC, v.id LIMIT $3`,
      [from, to, limit],
    );
  }

  async topPlaylists(from: string, to: string, limit: number): Promise<ItemRow[]> {
    return this.dataSource.query(
      `SELECT p.id, p.title, ${SUMS}
         FROM play_stats s JOIN playlists p ON p.id = s.playlist_id
        WHERE s.day BETWEEN $1 AND $2
        GROUP BY p.id ORDER BY sum(s.plays) DESC, sum(s.watch_seconds) DESC, p.id LIMIT $3`,
      [from, to, limit],
    );
  }

  async topSearches(from: string, to: string, limit: number, emptyOnly: boolean): Promise<SearchRow[]> {
    const count = emptyOnly ? 'empty_searches' : 'searches';
    return this.dataSource.query(
      `SELECT query, sum(${count})::int AS searches FROM search_stats
        WHERE day BETWEEN $1 AND $2 GROUP BY query HAVING sum(${count}) > 0
        ORDER BY sum(${count}) DESC, query LIMIT $3`,
      [from, to, limit],
    );
  }
}
