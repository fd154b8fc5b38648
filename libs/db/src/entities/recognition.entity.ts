import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryColumn } from 'typeorm';
import { AlbumTrack } from './album.entity.js';
import { Video, VideoTrack } from './video.entity.js';

/**
 * The fingerprint index as it was until migration FingerprintPostingsPacked: one row per
 * landmark hash of an album track, with the hash's time offset (in analysis frames) inside the
 * track. Kept while trackers of the previous release may still read it; no longer written
 * (fingerprint_postings is the index).
 */
@Entity('fingerprint_hashes')
export class FingerprintHash {
  @PrimaryColumn('integer')
  hash: number;

  @PrimaryColumn('integer')
  albumTrackId: number;

  @PrimaryColumn('integer')
  frame: number;

  @ManyToOne(() => AlbumTrack, { onDelete: 'CASCADE' })
  albumTrack: AlbumTrack;
}

/**
 * The fingerprint index, owned by the tracker: one row per album track holding all its
 * postings packed (libs/recognition packPostings). Each tracker process keeps them in memory
 * as an inverted index, loaded at start and kept current by the notifications of this table's
 * triggers; `version` (set by a trigger from a sequence on every write) lets a tracker that
 * missed notifications find what changed.
 */
@Entity('fingerprint_postings')
export class FingerprintPostings {
  @PrimaryColumn('integer')
  albumTrackId: number;

  @Column('bytea')
  postings: Buffer;

  @Column('bigint')
  version: string;

  @ManyToOne(() => AlbumTrack, { onDelete: 'CASCADE' })
  albumTrack: AlbumTrack;
}

/** The watermark registry, owned by the tracker: which track entry of which video a code marks. */
@Entity('watermark_codes')
export class WatermarkCode {
  @PrimaryColumn('integer')
  code: number;

  @Index()
  @Column()
  videoId: number;

  @ManyToOne(() => Video, { onDelete: 'CASCADE' })
  video: Video;

  @Column({ nullable: true })
  videoTrackId: number | null;

  @ManyToOne(() => VideoTrack, { onDelete: 'SET NULL' })
  videoTrack: VideoTrack | null;

  @Column({ nullable: true })
  albumTrackId: number | null;

  @ManyToOne(() => AlbumTrack, { onDelete: 'SET NULL' })
  albumTrack: AlbumTrack | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
