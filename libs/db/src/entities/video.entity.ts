import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import { ProcessingState, Status } from '@app/contracts';
import { Activity, Genre, Mood, Tag, VideoGenre } from './lookups.entity.js';
import { AlbumTrack } from './album.entity.js';

@Entity('videos')
@Index('IDX_videos_title_trgm', { synchronize: false })
@Index('IDX_videos_title_norm_trgm', { synchronize: false })
@Index('IDX_videos_hidden_id', { synchronize: false })
@Index('IDX_videos_description_fts', { synchronize: false })
@Index('IDX_videos_title_norm_prefix', { synchronize: false })
@Index('IDX_videos_facet_keys', { synchronize: false })
@Index('IDX_videos_sort_title', { synchronize: false })
@Index('IDX_videos_sort_duration', { synchronize: false })
@Index('IDX_videos_sort_created', { synchronize: false })
@Index('IDX_videos_sort_updated', { synchronize: false })
@Index('IDX_videos_sort_status', { synchronize: false })
@Index('IDX_videos_sort_state', { synchronize: false })
export class Video {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  /**
   * cuview_norm(title), kept by a trigger (see the VideoTitleNorm migration): title search
   * compares it through its trigram index IDX_videos_title_norm_trgm instead of normalising
   * every candidate row again. Never written by the application.
   */
  @Column({ type: 'text', default: '', insert: false, update: false, select: false })
  titleNorm: string;

  /**
   * The video's tags, genres, moods, activities and video genres as keys (kind << 32 | id),
   * kept by triggers on the link tables (migration FilterFacetKeys) for the filters' GIN
   * index IDX_videos_facet_keys. Never written by the application.
   */
  @Column({ type: 'bigint', array: true, nullable: true, insert: false, update: false, select: false })
  facetKeys: string[] | null;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  ytLink: string;

  @Index()
  @Column({ type: 'smallint', default: Status.Off })
  status: Status;

  /** Seconds. */
  @Column({ type: 'double precision', default: 0 })
  duration: number;

  /** Storage key of the uploaded original. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  originalKey: string | null;

  /** Storage key of the HLS master playlist; flips only when a whole ladder is written. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  hlsMasterKey: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  thumbnailKey: string | null;

  /**
   * Storage key of the seek-bar storyboard's WebVTT index, inside the ladder's prefix (its
   * sheets sit beside it); null until the worker has made one for the current ladder.
   */
  @Column({ type: 'varchar', length: 300, nullable: true })
  storyboardKey: string | null;

  @Column({ type: 'varchar', length: 20, default: ProcessingState.External })
  processingState: ProcessingState;

  /** 0..100 while processing. */
  @Column({ type: 'smallint', default: 0 })
  processingProgress: number;

  @Column({ type: 'text', nullable: true })
  processingError: string | null;

  /**
   * Set by the transcode when the finished video's audio was read back and held no watermark
   * (audio with almost nothing between 0.5 and 7.5 kHz cannot carry one): what staff are told.
   */
  @Column({ type: 'text', nullable: true })
  watermarkWarning: string | null;

  /**
   * Raised by every save of the staff edit form; a save made from an older one is refused
   * (409), so two staff members editing at once cannot silently undo each other's changes.
   */
  @Column({ type: 'integer', default: 1 })
  revision: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  // synchronize: false on the link tables: the CatalogueReadIndexes migration gives them covering
  // (value, video) indexes that a junction table cannot declare, and schema sync would drop them.
  @ManyToMany(() => Genre)
  @JoinTable({
    synchronize: false,
    name: 'video_genre_links',
    joinColumn: { name: 'video_id' },
    inverseJoinColumn: { name: 'genre_id' },
  })
  genres: Genre[];

  @ManyToMany(() => Mood)
  @JoinTable({
    synchronize: false,
    name: 'video_moods',
    joinColumn: { name: 'video_id' },
    inverseJoinColumn: { name: 'mood_id' },
  })
  moods: Mood[];

  @ManyToMany(() => Activity)
  @JoinTable({
    synchronize: false,
    name: 'video_activities',
    joinColumn: { name: 'video_id' },
    inverseJoinColumn: { name: 'activity_id' },
  })
  activities: Activity[];

  @ManyToMany(() => Tag)
  @JoinTable({
    synchronize: false,
    name: 'video_tags',
    joinColumn: { name: 'video_id' },
    inverseJoinColumn: { name: 'tag_id' },
  })
  tags: Tag[];

  @ManyToMany(() => VideoGenre)
  @JoinTable({
    synchronize: false,
    name: 'video_videogenres',
    joinColumn: { name: 'video_id' },
    inverseJoinColumn: { name: 'video_genre_id' },
  })
  videoGenres: VideoGenre[];

  @OneToMany(() => VideoTrack, (track) => track.video)
  tracks: VideoTrack[];
}

/** An excerpt of an album track placed on a video's timeline. */
@Entity('video_tracks')
@Unique('UQ_video_tracks_position', ['videoId', 'position'], { deferrable: 'INITIALLY IMMEDIATE' })
@Index('IDX_video_tracks_track_video', { synchronize: false })
export class VideoTrack {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  videoId: number;

  @ManyToOne(() => Video, (video) => video.tracks, { onDelete: 'CASCADE' })
  video: Video;

  @Index()
  @Column()
  albumTrackId: number;

  @ManyToOne(() => AlbumTrack, { onDelete: 'RESTRICT' })
  albumTrack: AlbumTrack;

  @Column()
  position: number;

  /** Seconds on the video's timeline. */
  @Column({ type: 'double precision' })
  startTime: number;

  @Column({ type: 'double precision' })
  endTime: number;
}

/** Words on screen: a subtitles or lyrics file of one language, stored as sanitised WebVTT. */
@Entity('video_subtitles')
@Unique('UQ_video_subtitles_language', ['videoId', 'language'])
export class VideoSubtitle {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  videoId: number;

  @ManyToOne(() => Video, { onDelete: 'CASCADE' })
  video: Video;

  /** BCP-47 language tag, e.g. `en`, `pt-BR`. */
  @Column({ type: 'varchar', length: 35 })
  language: string;

  @Column({ type: 'varchar', length: 100 })
  label: string;

  /** Storage key of the WebVTT file, under the video's stream prefix (`hls/{videoId}/…`). */
  @Column({ type: 'varchar', length: 300 })
  fileKey: string;

  @Column({ type: 'integer' })
  cueCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
