import { Column, Entity, Index, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity.js';
import { Video } from './video.entity.js';

/**
 * Where a signed-in viewer stopped in a video (continue watching): one row per viewer and
 * video, overwritten as they watch. Only the primary key is indexed, so the frequent updates
 * of position and time stay heap-only (HOT) and leave no index work behind. The video index
 * never changes on an update; it keeps deleting a video from scanning every viewer's rows.
 */
@Entity('watch_positions')
export class WatchPosition {
  @PrimaryColumn()
  userId: number;

  @PrimaryColumn()
  @Index('IDX_watch_positions_video_id')
  videoId: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  user: User;

  @ManyToOne(() => Video, { onDelete: 'CASCADE' })
  video: Video;

  /** Seconds from the start of the video. */
  @Column({ type: 'real' })
  position: number;

  @Column({ type: 'timestamptz' })
  updatedAt: Date;
}
