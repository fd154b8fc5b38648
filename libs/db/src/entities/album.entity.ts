import {
  Column,
  Entity,
  Index,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { Composer, Genre, Member, Mood } from './lookups.entity.js';
import { LinkKind } from '@app/contracts';

@Entity('albums')
@Index('IDX_albums_title_trgm', { synchronize: false })
export class Album {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 50 })
  catalogueNum: string;

  @Column({ nullable: true })
  genreId: number | null;

  @ManyToOne(() => Genre, { onDelete: 'SET NULL' })
  genre: Genre | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  coverKey: string | null;

  @OneToMany(() => AlbumTrack, (track) => track.album)
  tracks: AlbumTrack[];
}

@Entity('album_tracks')
@Unique('UQ_album_tracks_position', ['albumId', 'position'])
export class AlbumTrack {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  albumId: number;

  @ManyToOne(() => Album, (album) => album.tracks, { onDelete: 'CASCADE' })
  album: Album;

  @Column()
  position: number;

  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Column({ nullable: true })
  genreId: number | null;

  @ManyToOne(() => Genre, { onDelete: 'SET NULL' })
  genre: Genre | null;

  @Column({ nullable: true })
  moodId: number | null;

  @ManyToOne(() => Mood, { onDelete: 'SET NULL' })
  mood: Mood | null;

  /** Seconds. */
  @Column({ type: 'double precision', default: 0 })
  duration: number;

  @Column({ type: 'varchar', length: 300, nullable: true })
  audioKey: string | null;

  /** The prelistening excerpt (AAC) made by the track.excerpt job. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  excerptKey: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  fingerprintedAt: Date | null;

  // synchronize: false on the link tables: the CatalogueReadIndexes migration gives them covering
  // (value, track) indexes that a junction table cannot declare, and schema sync would drop them.
  @ManyToMany(() => Member)
  @JoinTable({
    synchronize: false,
    name: 'album_track_members',
    joinColumn: { name: 'album_track_id' },
    inverseJoinColumn: { name: 'member_id' },
  })
  members: Member[];

  @ManyToMany(() => Composer)
  @JoinTable({
    synchronize: false,
    name: 'album_track_composers',
    joinColumn: { name: 'album_track_id' },
    inverseJoinColumn: { name: 'composer_id' },
  })
  composers: Composer[];

  @OneToMany(() => TrackLink, (link) => link.albumTrack)
  links: TrackLink[];
}

/** A store or streaming link of an album track (culinks of the recognised-track answer). */
@Entity('track_links')
export class TrackLink {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column()
  albumTrackId: number;

  @ManyToOne(() => AlbumTrack, (track) => track.links, { onDelete: 'CASCADE' })
  albumTrack: AlbumTrack;

  @Column({ type: 'varchar', length: 20 })
  kind: LinkKind;

  @Column({ type: 'varchar', length: 1000 })
  url: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  title: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  imageUrl: string;
}
