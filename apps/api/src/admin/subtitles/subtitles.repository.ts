import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface SubtitleRow {
  language: string;
  label: string;
  file_key: string;
  cue_count: number;
  updated_at: Date;
}

const COLUMNS = 'language, label, file_key, cue_count, updated_at';

/** A video's subtitle files (one row per language). */
@Injectable()
export class SubtitlesRepository {
  constructor(private readonly db: DataSource) {}

  async listForVideo(videoId: number): Promise<SubtitleRow[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM video_subtitles WHERE video_id = $1 ORDER BY label, language`, [
      videoId,
    ]);
  }

  async videoExists(videoId: number): Promise<boolean> {
    return (await this.db.query<unknown[]>(`SELECT 1 FROM videos WHERE id = $1`, [videoId])).length > 0;
  }

  /**
   * Locks the video's row, so that writes to one video's subtitles run one after the other (the
   * file a replace removes is then always the one it replaced); false when there is no video.
   */
  async lockVideo(em: EntityManager, videoId: number): Promise<boolean> {
    return (await em.query<unknown[]>(`SELECT 1 FROM videos WHERE id = $1 FOR UPDATE`, [videoId])).length > 0;
  }

  async find(em: EntityManager, videoId: number, language: string): Promise<SubtitleRow | undefined> {
    const rows: SubtitleRow[] = await em.query(
      `SELECT ${COLUMNS} FROM video_subtitles WHERE video_id = $1 AND language = $2`,
      [videoId, language],
    );
    return rows[0];
  }

  async count(em: EntityManager, videoId: number): Promise<number> {
    const rows: { n: number }[] = await em.query(`SELECT count(*)::int AS n FROM video_subtitles WHERE video_id = $1`, [
      videoId,
    ]);
    return rows[0]!.n;
  }

  async upsert(
    em: EntityManager,
    row: { videoId: number; language: string; label: string; fileKey: string; cues: number },
  ): Promise<SubtitleRow> {
    const rows: SubtitleRow[] = await em.query(
      `INSERT INTO video_subtitles (video_id, language, label, file_key, cue_count) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (video_id, language) DO UPDATE
         SET label = EXCLUDED.label, file_key = EXCLUDED.file_key, cue_count = EXCLUDED.cue_count, updated_at = now()
       RETURNING ${COLUMNS}`,
      [row.videoId, row.language, row.label, row.fileKey, row.cues],
    );
    return rows[0]!;
  }

  async delete(em: EntityManager, videoId: number, language: string): Promise<string | undefined> {
    // A DELETE … RETURNING answers [rows, count] through TypeORM.
    const [rows]: [{ file_key: string }[], number] = await em.query(
      `DELETE FROM video_subtitles WHERE video_id = $1 AND language = $2 RETURNING file_key`,
      [videoId, language],
    );
    return rows[0]?.file_key;
  }
}
