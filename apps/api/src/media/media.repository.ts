import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { viewableVideo } from '../catalogue/video-sql.js';

@Injectable()
export class MediaRepository {
  constructor(private readonly db: DataSource) {}

  /** Whether viewers may see the video (its access is on). False when it does not exist. */
  async isVideoVisible(videoId: number): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM videos WHERE id = $1 AND ${viewableVideo('videos')}`, [
      videoId,
    ]);
    return rows.length > 0;
  }
}
