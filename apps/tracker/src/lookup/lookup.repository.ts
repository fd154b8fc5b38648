import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { AlbumTrack, VideoTrack, WatermarkCode } from '@app/db';

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

  /** Every indexed track and the version of its postings (the tracker's index compares them). */
  async findPostingVersions(): Promise<{ albumTrackId: number; version: string }[]> {
    const rows: { album_track_id: number; version: string }[] = await this.dataSource.query(
      'SELECT album_track_id, version FROM fingerprint_postings',
    );
    return rows.map((r) => ({ albumTrackId: r.album_track_id, version: r.version }));
  }

  /** The packed postings of these tracks (those still indexed). */
  async findPackedPostings(
    ids: readonly number[],
  ): Promise<{ albumTrackId: number; version: string; postings: Buffer }[]> {
    const rows: { album_track_id: number; version: string; postings: Buffer }[] = await this.dataSource.query(
      'SELECT album_track_id, version, postings FROM fingerprint_postings WHERE album_track_id = ANY($1::int[])',
      [ids],
    );
    return rows.map((r) => ({ albumTrackId: r.album_track_id, version: r.version, postings: r.postings }));
  }
}
