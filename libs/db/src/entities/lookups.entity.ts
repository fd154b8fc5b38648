import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// Facet values a video is tagged with. Titles are unique ignoring case, and carry a trigram
// index over the normalised title (cuview_norm) for search; both live in the migration.

@Entity('genres')
@Index('UQ_genres_title_lower', { synchronize: false })
@Index('IDX_genres_title_trgm', { synchronize: false })
export class Genre {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  /** Active genres are shown on the landing page. */
  @Column({ default: false })
  isActive: boolean;

  @Column({ type: 'varchar', length: 300, nullable: true })
  imageKey: string | null;
}

@Entity('moods')
@Index('UQ_moods_title_lower', { synchronize: false })
@Index('IDX_moods_title_trgm', { synchronize: false })
export class Mood {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;
}

@Entity('activities')
@Index('UQ_activities_title_lower', { synchronize: false })
@Index('IDX_activities_title_trgm', { synchronize: false })
export class Activity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;
}

@Entity('tags')
@Index('UQ_tags_title_lower', { synchronize: false })
@Index('IDX_tags_title_trgm', { synchronize: false })
export class Tag {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;
}

@Entity('video_genres')
@Index('UQ_video_genres_title_lower', { synchronize: false })
@Index('IDX_video_genres_title_trgm', { synchronize: false })
export class VideoGenre {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;
}

/** An artist or band (spec: member). */
@Entity('members')
@Index('IDX_members_title_trgm', { synchronize: false })
export class Member {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  title2: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  merchUrl: string;

  @Column({ type: 'varchar', length: 300, nullable: true })
  imageKey: string | null;
}

@Entity('composers')
@Index('IDX_composers_title_trgm', { synchronize: false })
export class Composer {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;
}
