import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProcessingState } from '@app/contracts';

export interface ProcessingRow {
  id: number;
  title: string;
  processing_state: ProcessingState;
  processing_progress: number;
  processing_error: string | null;
  updated_at: Date;
}

/** States the processing page lists, in its order. */
export const PROCESSING_STATES = [ProcessingState.Processing, ProcessingState.Queued, ProcessingState.Failed] as const;

@Injectable()
export class ProcessingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Up to `perState` videos of each listed state, newest change first. */
  async listPending(perState: number): Promise<ProcessingRow[]> {
    return this.dataSource.query(
      `SELECT p.* FROM unnest($1::text[]) WITH ORDINALITY AS s(state, rank)
       CROSS JOIN LATERAL (
         SELECT id, title, processing_state, processing_progress, processing_error, updated_at
         FROM videos WHERE processing_state = s.state ORDER BY updated_at DESC, id DESC LIMIT $2
       ) p ORDER BY s.rank, p.updated_at DESC, p.id DESC`,
      [PROCESSING_STATES, perState],
    );
  }

  async countByState(): Promise<Record<string, number>> {
    const rows: { state: string; n: number }[] = await this.dataSource.query(
      `SELECT processing_state AS state, count(*)::int AS n FROM videos
       WHERE processing_state = ANY($1) GROUP BY processing_state`,
      [PROCESSING_STATES],
    );
    return Object.fromEntries(rows.map((row) => [row.state, row.n]));
  }

  async latestFailure(): Promise<{ failed: number; latest: { title: string; updated_at: Date } | null }> {
    const [row]: { failed: number; title: string | null; updated_at: Date | null }[] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM videos WHERE processing_state = $1) AS failed, l.title, l.updated_at
       FROM (SELECT 1) one LEFT JOIN LATERAL (
         SELECT title, updated_at FROM videos WHERE processing_state = $1 ORDER BY updated_at DESC, id DESC LIMIT 1
       ) l ON true`,
      [ProcessingState.Failed],
    );
    return {
      failed: row?.failed ?? 0,
      latest: row?.updated_at ? { title: row.title ?? '', updated_at: row.updated_at } : null,
    };
  }
}
