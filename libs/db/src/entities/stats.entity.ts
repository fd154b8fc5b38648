import { Column, Entity, Index, ManyToOne, PrimaryColumn } from 'typeorm';
import { Video } from './video.entity.js';

/**
 * What viewers watched, added up per day, video and playlist (0: played outside a playlist).
 * The player's beacons add to these counters; no row says who watched.
 */
@Entity('play_stats')
@Index(['videoId'])
export class PlayStat {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn()
  videoId: number;

  @PrimaryColumn({ default: 0 })
  playlistId: number;

  @ManyToOne(() => Video, { onDelete: 'CASCADE' })
  video: Video;

  @Column({ default: 0 })
  plays: number;

  @Column({ default: 0 })
  completions: number;

  @Column({ type: 'double precision', default: 0 })
  watchSeconds: number;
}

/** What was searched, per day and normalised text: how often, and how often nothing was found. */
@Entity('search_stats')
export class SearchStat {
  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  query: string;

  @Column({ default: 0 })
  searches: number;

  @Column({ default: 0 })
  emptySearches: number;
}
