import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The stored media a waveform was drawn from. */
@Injectable()
export class WaveformsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The video's live ladder (its waveform sits beside the master playlist); undefined when no such video. */
  async findVideoMasterKey(videoId: number): Promise<string | null | undefined> {
    const rows: { key: string | null }[] = await this.dataSource.query(
      `SELECT hls_master_key AS key FROM videos WHERE id = $1`,
      [videoId],
    );
    return rows.length ? rows[0].key : undefined;
  }

  async findTrackExcerptKey(albumTrackId: number): Promise<string | null | undefined> {
    const rows: { key: string | null }[] = await this.dataSource.query(
      `SELECT excerpt_key AS key FROM album_tracks WHERE id = $1`,
      [albumTrackId],
    );
    return rows.length ? rows[0].key : undefined;
  }
}
