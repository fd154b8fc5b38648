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
import { Status } from '@app/contracts';
import { Tag } from './lookups.entity.js';
import { User } from './user.entity.js';
import { Video } from './video.entity.js';

@Entity('categories')
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'smallint', default: Status.Off })
  status: Status;

  @Column({ type: 'varchar', length: 300, nullable: true })
  iconKey: string | null;

  /** A category's videos are the visible videos carrying any of its tags. */
  @ManyToMany(() => Tag)
  @JoinTable({ name: 'category_tags', joinColumn: { name: 'category_id' }, inverseJoinColumn: { name: 'tag_id' } })
  tags: Tag[];
}

@Entity('playlists')
@Index('IDX_playlists_title_trgm', { synchronize: false })
@Index('IDX_playlists_sort_title', { synchronize: false })
@Index('IDX_playlists_sort_created', { synchronize: false })
@Index('IDX_playlists_sort_updated', { synchronize: false })
export class Playlist {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'smallint', default: Status.On })
  status: Status;

  /** Set for a viewer's personal playlist; editorial playlists have no owner. */
  @Index()
  @Column({ nullable: true })
  userId: number | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  thumbnailKey: string | null;

  /**
   * The place of a personal playlist in its owner's list, ascending (spec viewer §4: a new
   * playlist is appended, a new full one goes first). Null for editorial playlists.
   */
  @Column({ type: 'integer', nullable: true })
  ownerPosition: number | null;

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

  @OneToMany(() => PlaylistVideo, (entry) => entry.playlist)
  entries: PlaylistVideo[];
}

@Entity('playlist_videos')
@Unique('UQ_playlist_videos_position', ['playlistId', 'position'], { deferrable: 'INITIALLY IMMEDIATE' })
@Unique('UQ_playlist_videos_video', ['playlistId', 'videoId'])
export class PlaylistVideo {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  playlistId: number;

  @ManyToOne(() => Playlist, (playlist) => playlist.entries, { onDelete: 'CASCADE' })
  playlist: Playlist;

  @Index()
  @Column()
  videoId: number;

  @ManyToOne(() => Video, { onDelete: 'CASCADE' })
  video: Video;

  @Column()
  position: number;
}

/** A theme (spec: group) of playlists. */
@Entity('groups')
@Unique('UQ_groups_position', ['position'], { deferrable: 'INITIALLY IMMEDIATE' })
export class Group {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'smallint', default: Status.On })
  status: Status;

  @Column()
  position: number;

  /**
   * Raised by every save of the staff edit form; a save made from an older one is refused
   * (409), so two staff members editing at once cannot silently undo each other's changes.
   */
  @Column({ type: 'integer', default: 1 })
  revision: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @OneToMany(() => GroupPlaylist, (entry) => entry.group)
  entries: GroupPlaylist[];
}

@Entity('group_playlists')
@Unique('UQ_group_playlists_position', ['groupId', 'position'], { deferrable: 'INITIALLY IMMEDIATE' })
@Unique('UQ_group_playlists_playlist', ['groupId', 'playlistId'])
export class GroupPlaylist {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  groupId: number;

  @ManyToOne(() => Group, (group) => group.entries, { onDelete: 'CASCADE' })
  group: Group;

  @Index()
  @Column()
  playlistId: number;

  @ManyToOne(() => Playlist, { onDelete: 'CASCADE' })
  playlist: Playlist;

  @Column()
  position: number;
}

/** A main-page banner: a video shown in the context of one playlist and group. */
@Entity('banner_videos')
@Unique('UQ_banner_videos_position', ['position'], { deferrable: 'INITIALLY IMMEDIATE' })
export class BannerVideo {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  videoId: number;

  @ManyToOne(() => Video, { onDelete: 'CASCADE' })
  video: Video;

  @Column()
  playlistId: number;

  @ManyToOne(() => Playlist, { onDelete: 'CASCADE' })
  playlist: Playlist;

  @Column()
  groupId: number;

  @ManyToOne(() => Group, { onDelete: 'CASCADE' })
  group: Group;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'smallint', default: Status.Off })
  status: Status;

  @Column()
  position: number;

  @Column({ type: 'varchar', length: 300, nullable: true })
  imageKey: string | null;

  /**
   * Raised by every save of the staff edit form; a save made from an older one is refused
   * (409), so two staff members editing at once cannot silently undo each other's changes.
   */
  @Column({ type: 'integer', default: 1 })
  revision: number;
}
