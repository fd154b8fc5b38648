import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AlbumTrack } from '@app/db';
import { packPostings } from '@app/recognition';
import { returningRows } from './returning.js';

export type TrackAudio = Pick<AlbumTrack, 'id' | 'audioKey' | 'excerptKey' | 'duration'>;

export interface LandmarkRow {
  hash: number;
  frame: number;
}

/** Album track audio as the excerpt and fingerprint jobs see it. */
@Injectable()
export class AlbumTrackJobsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findAudio(id: number): Promise<TrackAudio | null> {
    return this.dataSource.getRepository(AlbumTrack).findOne({
      where: { id },
      select: { id: true, audioKey: true, excerptKey: true, duration: true },
    });
  }

  /** Answers the excerpt key it replaced (deleted from storage by the caller). */
  async switchExcerpt(id: number, excerptKey: string): Promise<{ previousKey: string | null }> {
    const result: unknown = await this.dataSource.query(
      `UPDATE album_tracks t SET excerpt_key = $2
         FROM (SELECT id, excerpt_key AS previous FROM album_tracks WHERE id = $1 FOR UPDATE) old
        WHERE t.id = old.id
      RETURNING old.previous`,
      [id, excerptKey],
    );
    return { previousKey: returningRows<{ previous: string | null }>(result)[0]?.previous ?? null };
  }

  /**
   * Replaces the track's postings in one statement (its packed row, libs/recognition
   * packPostings), so a tracker never sees half an index and a re-run leaves no duplicates.
   * The rows the previous release kept per posting are deleted in the same transaction (see
   * migration FingerprintPostingsPacked).
   */
  async replaceFingerprints(id: number, landmarks: readonly LandmarkRow[]): Promise<void> {
    const packed = packPostings({
      hashes: Uint32Array.from(landmarks, (l) => l.hash),
      ticks: Uint32Array.from(landmarks, (l) => l.frame),
    });
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO fingerprint_postings (album_track_id, postings, version) VALUES ($1, $2, 0)
         ON CONFLICT (album_track_id) DO UPDATE SET postings = EXCLUDED.postings`,
        [id, Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength)],
      );
      await manager.query(`DELETE FROM fingerprint_hashes WHERE album_track_id = $1`, [id]);
      await manager.query(`UPDATE album_tracks SET fingerprinted_at = now() WHERE id = $1`, [id]);
    });
  }

  /** Tracks with audio but no excerpt yet (the reconciler re-queues those missing in Redis). */
  async findPendingExcerptIds(limit = 1000): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM album_tracks WHERE audio_key IS NOT NULL AND excerpt_key IS NULL ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  async findPendingFingerprintIds(limit = 1000): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM album_tracks WHERE audio_key IS NOT NULL AND fingerprinted_at IS NULL ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** Whether the track still needs an excerpt (the reconciler re-reads it before replacing a finished job). */
  async isExcerptPending(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM album_tracks WHERE id = $1 AND audio_key IS NOT NULL AND excerpt_key IS NULL`,
      [id],
    );
    return rows.length > 0;
  }

  async isFingerprintPending(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM album_tracks WHERE id = $1 AND audio_key IS NOT NULL AND fingerprinted_at IS NULL`,
      [id],
    );
    return rows.length > 0;
  }
}
