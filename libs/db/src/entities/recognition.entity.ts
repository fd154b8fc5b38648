import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryColumn } from 'typeorm';
import { AlbumTrack } from './album.entity.js';
import { Video, VideoTrack } from './video.entity.js';

/**
 * The fingerprint index, owned by the tracker: one row per landmark hash of an album track,
 * with the hash's time offset (in analysis frames) inside the track.
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
