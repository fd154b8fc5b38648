import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AlbumTrack, VideoTrack, WatermarkCode } from '@app/db';
import type { PostingRows } from '@app/recognition';

@Injectable()
export class LookupRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(WatermarkCode) private readonly codes: Repository<WatermarkCode>,
    @InjectRepository(AlbumTrack) private readonly tracks: Repository<AlbumTrack>,
    @InjectRepository(VideoTrack) private readonly entries: Repository<VideoTrack>,
  ) {}

  /** The track entries of a video: which album track plays when on its timeline. */
  findTrackEntries(videoId: number): Promise<Pick<VideoTrack, 'albumTrackId' | 'startTime' | 'endTime'>[]> {
    return this.entries.find({
      where: { videoId },
      select: { id: true, albumTrackId: true, startTime: true, endTime: true },
    });
  }

  findWatermarkCode(code: number): Promise<WatermarkCode | null> {
    return this.codes.findOneBy({ code });
  }

  findTrackForAnswer(id: number): Promise<AlbumTrack | null> {
    return this.tracks.findOne({
      where: { id },
      relations: { album: { genre: true }, genre: true, mood: true, members: true, composers: true, links: true },
    });
  }

  /**
   * The postings of a query's distinct hashes in one round trip; the voting itself runs in
   * libs/recognition (matchFingerprint), the same code the evaluation harness measures.
   */
  async lookupPostings(hashes: Uint32Array): Promise<PostingRows> {
    const rows: { hash: number; album_track_id: number; frame: number }[] = await this.dataSource.query(
      'SELECT hash, album_track_id, frame FROM fingerprint_hashes WHERE hash = ANY($1::int[])',
      [Array.from(hashes)],
    );
    const result: PostingRows = {
      hashes: new Uint32Array(rows.length),
      trackIds: new Uint32Array(rows.length),
      ticks: new Uint32Array(rows.length),
    };
    rows.forEach((row, i) => {
      result.hashes[i] = row.hash;
      result.trackIds[i] = row.album_track_id;
      result.ticks[i] = row.frame;
    });
    return result;
  }
}
