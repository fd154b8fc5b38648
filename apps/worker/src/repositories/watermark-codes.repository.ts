import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, Not } from 'typeorm';
import { WatermarkCode } from '@app/db';

export interface RegisteredCode {
  code: number;
  videoTrackId: number | null;
  albumTrackId: number | null;
}

/** The watermark registry rows of one video (the tracker reads them to answer a decoded code). */
@Injectable()
export class WatermarkCodesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findByVideo(videoId: number): Promise<RegisteredCode[]> {
    return this.dataSource.getRepository(WatermarkCode).find({
      where: { videoId },
      select: { code: true, videoTrackId: true, albumTrackId: true },
      order: { code: 'ASC' },
    });
  }

  /** Registers `code` unless another video already holds it; true when it is now ours. */
  async tryRegister(
    code: number,
    videoId: number,
    videoTrackId: number | null,
    albumTrackId: number | null,
  ): Promise<boolean> {
    const rows: { code: number }[] = await this.dataSource.query(
      `INSERT INTO watermark_codes (code, video_id, video_track_id, album_track_id)
       VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING RETURNING code`,
      [code, videoId, videoTrackId, albumTrackId],
    );
    return rows.length > 0;
  }

  /** The track entry may now point at another album track (staff edited it). */
  async updateAlbumTrack(code: number, albumTrackId: number | null): Promise<void> {
    await this.dataSource.getRepository(WatermarkCode).update({ code }, { albumTrackId });
  }

  /** Codes no longer in the video's audio after a new ladder went live. */
  async deleteUnused(videoId: number, keep: readonly number[]): Promise<void> {
    await this.dataSource
      .getRepository(WatermarkCode)
      .delete(keep.length > 0 ? { videoId, code: Not(In([...keep])) } : { videoId });
  }
}
