import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProcessingState } from '@app/contracts';
import { Video, VideoTrack } from '@app/db';
import { returningRows } from './returning.js';

export type VideoForTranscode = Pick<Video, 'id' | 'originalKey' | 'thumbnailKey' | 'hlsMasterKey' | 'processingState'>;

export interface TrackEntry {
  id: number;
  albumTrackId: number;
  startTime: number;
  endTime: number;
}

/**
 * A ready video whose ladder has no storyboard. Only a ladder in the video's own folder: a row
 * that points at another video's ladder (a test's copy, a hand-made row) must not have a
 * storyboard written into, and on failure deleted from, a folder that is not its own.
 */
const MISSING_STORYBOARD = `processing_state = $1 AND storyboard_key IS NULL AND hls_master_key LIKE 'hls/' || id || '/%'`;

/** The video rows as the media jobs see them: state, progress and the HLS pointer. */
@Injectable()
export class VideoJobsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findForTranscode(id: number): Promise<VideoForTranscode | null> {
    return this.dataSource.getRepository(Video).findOne({
      where: { id },
      select: { id: true, originalKey: true, thumbnailKey: true, hlsMasterKey: true, processingState: true },
    });
  }

  async findForAnalysis(id: number): Promise<Pick<Video, 'id' | 'hlsMasterKey' | 'originalKey' | 'duration'> | null> {
    return this.dataSource.getRepository(Video).findOne({
      where: { id },
      select: { id: true, hlsMasterKey: true, originalKey: true, duration: true },
    });
  }

  async findHlsMasterKey(id: number): Promise<string | null | undefined> {
    const video = await this.dataSource
      .getRepository(Video)
      .findOne({ where: { id }, select: { id: true, hlsMasterKey: true } });
    return video ? video.hlsMasterKey : undefined;
  }

  async markProcessing(id: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE videos SET processing_state = $2, processing_progress = 0, processing_error = NULL, updated_at = now()
       WHERE id = $1`,
      [id, ProcessingState.Processing],
    );
  }

  /** Only while processing: a late progress write must never undo ready or failed. */
  async updateProgress(id: number, percent: number): Promise<void> {
    await this.dataSource.query(`UPDATE videos SET processing_progress = $2 WHERE id = $1 AND processing_state = $3`, [
      id,
      Math.max(0, Math.min(99, Math.floor(percent))),
      ProcessingState.Processing,
    ]);
  }

  /**
   * Switches the video to the new ladder in one statement and answers the master key it
   * replaced, so the caller can delete the old ladder afterwards. Nothing is switched when
   * the video was deleted or its original replaced meanwhile (`switched: false`): that
   * ladder shows a file the video no longer has.
   */
  async switchToReady(
    id: number,
    originalKey: string,
    hlsMasterKey: string,
    durationSeconds: number,
    storyboardKey: string | null,
  ): Promise<{ switched: boolean; previousMasterKey: string | null }> {
    const result: unknown = await this.dataSource.query(
      `UPDATE videos v
          SET hls_master_key = $3, processing_state = $4, processing_progress = 100, processing_error = NULL,
              watermark_warning = NULL, duration = $5, storyboard_key = $6, updated_at = now()
         FROM (SELECT id, hls_master_key AS previous FROM videos WHERE id = $1 AND original_key = $2 FOR UPDATE) old
        WHERE v.id = old.id
      RETURNING old.previous`,
      [id, originalKey, hlsMasterKey, ProcessingState.Ready, durationSeconds, storyboardKey],
    );
    const rows = returningRows<{ previous: string | null }>(result);
    return { switched: rows.length > 0, previousMasterKey: rows[0]?.previous ?? null };
  }

  /** What staff are told about the mark of the ladder `hlsMasterKey`, if the video still plays it. */
  async setWatermarkWarning(id: number, hlsMasterKey: string, warning: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE videos SET watermark_warning = $3, updated_at = now() WHERE id = $1 AND hls_master_key = $2`,
      [id, hlsMasterKey, warning],
    );
  }

  async markFailed(id: number, message: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE videos SET processing_state = $2, processing_error = $3, updated_at = now() WHERE id = $1`,
      [id, ProcessingState.Failed, message],
    );
  }

  /** Another attempt will follow (retry with backoff, or handed back at shutdown). */
  async markQueuedAgain(id: number, note: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE videos SET processing_state = $2, processing_progress = 0, processing_error = $3, updated_at = now()
       WHERE id = $1 AND processing_state = $4`,
      [id, ProcessingState.Queued, note, ProcessingState.Processing],
    );
  }

  /** Sets the poster as thumbnail unless staff uploaded one meanwhile; true when it was set. */
  async setThumbnailIfMissing(id: number, key: string): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE videos SET thumbnail_key = $2 WHERE id = $1 AND thumbnail_key IS NULL RETURNING id`,
      [id, key],
    );
    return returningRows(result).length > 0;
  }

  /** Videos that Postgres says still need a transcode (the reconciler compares them with Redis). */
  async findPendingTranscodeIds(limit = 1000): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM videos WHERE processing_state IN ($1, $2) ORDER BY id LIMIT $3`,
      [ProcessingState.Queued, ProcessingState.Processing, limit],
    );
    return rows.map((r) => r.id);
  }

  async isTranscodePending(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM videos WHERE id = $1 AND processing_state IN ($2, $3)`,
      [id, ProcessingState.Queued, ProcessingState.Processing],
    );
    return rows.length > 0;
  }

  async findForStoryboard(id: number): Promise<Pick<Video, 'id' | 'hlsMasterKey' | 'duration'> | null> {
    return this.dataSource.getRepository(Video).findOne({
      where: { id },
      select: { id: true, hlsMasterKey: true, duration: true },
    });
  }

  /** Sets the storyboard of the ladder `hlsMasterKey`; false when the video now plays another one. */
  async setStoryboardKey(id: number, hlsMasterKey: string, storyboardKey: string): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE videos SET storyboard_key = $3 WHERE id = $1 AND hls_master_key = $2 RETURNING id`,
      [id, hlsMasterKey, storyboardKey],
    );
    return returningRows(result).length > 0;
  }

  /** Ready videos with a ladder of their own but no storyboard (transcoded before storyboards). */
  async findMissingStoryboardIds(limit = 1000): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM videos WHERE ${MISSING_STORYBOARD} ORDER BY id LIMIT $2`,
      [ProcessingState.Ready, limit],
    );
    return rows.map((r) => r.id);
  }

  async isStoryboardMissing(id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM videos WHERE ${MISSING_STORYBOARD} AND id = $2`,
      [ProcessingState.Ready, id],
    );
    return rows.length > 0;
  }

  /** The video's track entries in timeline order (the watermark changes code at each boundary). */
  async findTrackEntries(videoId: number): Promise<TrackEntry[]> {
    const rows = await this.dataSource.getRepository(VideoTrack).find({
      where: { videoId },
      order: { startTime: 'ASC', position: 'ASC' },
      select: { id: true, albumTrackId: true, startTime: true, endTime: true },
    });
    return rows.map(({ id, albumTrackId, startTime, endTime }) => ({ id, albumTrackId, startTime, endTime }));
  }
}
