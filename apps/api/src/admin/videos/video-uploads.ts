import {
  BadRequestException,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '@app/config';
import { JobName } from '@app/contracts';
import {
  BadMediaError,
  checkMediaEnd,
  newStorageKey,
  probeMedia,
  uploadLadderKeyBeside,
  uploadRecordKeyBeside,
  waveformKeyBeside,
  type StorageDriver,
} from '@app/media';
import { QueueService } from '../../queue/queue.service.js';
import { InjectStorage } from '../../storage/storage.module.js';
import { refuseUnknownFields } from '../common/form-fields.js';
import { mediaHttpError } from '../common/media-errors.js';
import type { UploadedForm } from '../common/form-reader.js';
import type { MultipartLimits } from '../common/multipart.js';
import { PendingUploads } from './pending-uploads.js';
import { toProcessingJobDto, type AdminProcessingJobDto, type AdminUploadAnswerDto } from './videos.dto.js';

/** What upload_video/ measured, kept next to the original until fill_video_info/ uses it. */
export interface UploadRecord {
  key: string;
  duration: number;
  size: number;
  container: string;
  width: number | null;
  height: number | null;
  uploadedBy: number;
  uploadedAt: string;
  /**
   * The video id reserved for this upload: its transcode starts at the upload's end, under
   * this id, and Save creates the video with it (absent in records made before that).
   */
  videoId?: number;
}

/** Keys upload_video/ hands out; anything else sent as file_original_path_linux is refused. */
const ORIGINAL_KEY = /^originals\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/**
 * A video without audio is refused at upload: cuview is for music videos and concerts, and
 * such a file (a muted export, a picture-only clip) has nothing to play, mark or recognise.
 */
export const NO_SOUND_MESSAGE =
  'The video has no sound track: music videos and concerts need their audio. Please export it with its sound and upload it again';

/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const sidecarKey = uploadRecordKeyBeside;
const sweepEvery = (staleAfterMs: number) => Math.min(staleAfterMs / 4, 15 * 60_000);

/**
 * upload_video/: the file is streamed to a spool file (never held in memory), recognised by
 * its bytes and by ffprobe restricted to that one local file, checked to hold data up to the
 * end its header announces (a cut upload is refused), and only then copied to
 * storage under a server-generated key. A refused or interrupted upload leaves nothing behind.
 *
 * A stored upload gets a video id reserved and its transcode queued at once (video.transcode
 * with the upload's key), so it runs while staff fill in the form; no row exists until Save,
 * so viewers cannot see it. An upload replaced or left (discard_upload/, or untouched for
 * UPLOAD_STALE_AFTER_MS) is discarded with everything its transcode wrote.
 */
@Injectable()
export class VideoUploads implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('VideoUploads');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly config: AppConfig,
    @InjectStorage() private readonly storage: StorageDriver,
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly pending: PendingUploads,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), sweepEvery(this.config.UPLOAD_STALE_AFTER_MS));
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** The form limits of upload_video/, for FormReader at the edge. */
  get formLimits(): MultipartLimits & { overheadBytes: number } {
    return {
      maxFileBytes: this.config.UPLOAD_MAX_BYTES,
      fileFields: ['file'],
      overheadBytes: MULTIPART_OVERHEAD_BYTES,
    };
  }

  async receive(form: UploadedForm, userId: number): Promise<AdminUploadAnswerDto> {
    refuseUnknownFields(form.fields, []);
    const file = form.files.get('file');
    if (!file) throw new BadRequestException({ message: 'Please, choose a video file (form field "file")' });
    return this.accept(file, userId);
  }

  /**
   * A received file (multipart spool or finished resumable upload, still a local file the caller
   * removes): checked as a video and copied to storage with its record.
   */
  async accept(file: { path: string; size: number }, userId: number): Promise<AdminUploadAnswerDto> {
    const probe = await probeMedia(file.path, 'video', { timeoutMs: 120_000 })
      // A header that parses is not enough: a file cut short in transfer still announces its
      // full length. Reading the last seconds' packets (no decoding) costs about one ffprobe start.
      .then(async (probed) => {
        if (!probed.audio) throw new BadMediaError(NO_SOUND_MESSAGE, 'no_audio');
        await checkMediaEnd(file.path, probed, { timeoutMs: 120_000 });
        return probed;
      })
      .catch((error: unknown) => {
        throw mediaHttpError(error);
      });
    const key = newStorageKey('originals', probe.container.ext);
    const [{ id: videoId }] = (await this.dataSource.query(
      `SELECT nextval(pg_get_serial_sequence('videos', 'id'))::int AS id`,
    )) as { id: number }[];
    const record: UploadRecord = {
      key,
      duration: Math.round(probe.durationSeconds * 1000) / 1000,
      size: file.size,
      container: probe.container.ext,
      width: probe.video?.width ?? null,
      height: probe.video?.height ?? null,
      uploadedBy: userId,
      uploadedAt: new Date().toISOString(),
      videoId,
    };
    await this.storage.putFile(key, file.path, probe.container.mime);
    try {
      await this.storage.put(sidecarKey(key), Buffer.from(JSON.stringify(record)), 'application/json');
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    this.logger.log(`upload ${key}: ${file.size} bytes, ${record.duration} s, by user ${userId}, video ${videoId}`);
    await this.safely(`register ${key}`, () => this.pending.touch(key));
    // Redis away: Save queues the transcode (or the reconciler does, from the row).
    await this.safely(`queue the transcode of ${key}`, () =>
      this.queues.enqueue(JobName.VideoTranscode, { videoId, uploadKey: key }),
    );
    return { file_original_path_linux: key, duration: record.duration };
  }

  /**
   * The upload's transcode (GET upload_processing/): before Save for its own uploader only;
   * once saved, the video's (a poll that crosses Save gets an answer, not a 400).
   */
  async processing(key: string, userId: number): Promise<AdminProcessingJobDto | null> {
    let videoId: number | undefined;
    try {
      const record = await this.claimOwn(key, userId);
      await this.pending.touch(key);
      videoId = record.videoId;
    } catch (error) {
      const [saved] = ORIGINAL_KEY.test(key)
        ? ((await this.dataSource.query('SELECT id FROM videos WHERE original_key = $1', [key])) as { id: number }[])
        : [];
      if (!saved) throw error;
      videoId = saved.id;
    }
    if (videoId === undefined) return null;
    return toProcessingJobDto(await this.queues.summary(JobName.VideoTranscode, { videoId }));
  }

  /** discard_upload/: an upload replaced by another file, or left, with what its transcode wrote. */
  async discard(key: string, userId: number): Promise<void> {
    await this.drop(await this.claimOwn(key, userId));
  }

  /**
   * Discards the uploads nobody saved or touched for UPLOAD_STALE_AFTER_MS (a closed tab, a
   * form left): each original, its record, its waveform and its transcode's ladder.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    try {
      for (const key of await this.pending.untouchedSince(now - this.config.UPLOAD_STALE_AFTER_MS)) {
        const record = await this.claim(key).catch(() => undefined);
        if (record) {
          await this.drop(record);
          removed++;
        } else {
          await this.pending.forget(key);
        }
      }
      if (removed > 0) this.logger.log(`discarded ${removed} upload(s) never saved as a video`);
    } catch (error) {
      this.logger.warn(`could not sweep the unsaved uploads: ${(error as Error).message}`);
    }
    return removed;
  }

  private async claimOwn(key: string, userId: number): Promise<UploadRecord> {
    const record = await this.claim(key);
    if (record.uploadedBy !== userId) throw new NotFoundException({ message: 'Unknown upload' });
    return record;
  }

  /**
   * The record goes first: a transcode still running checks it when it ends and removes its
   * own ladder if it is gone; whatever it wrote before that is removed here.
   */
  private async drop(record: UploadRecord): Promise<void> {
    await this.storage.delete(sidecarKey(record.key));
    await this.safely(`forget ${record.key}`, () => this.pending.forget(record.key));
    if (record.videoId !== undefined) {
      const videoId = record.videoId;
      await this.safely(`unqueue video ${videoId}`, () => this.queues.removeJobs(JobName.VideoTranscode, { videoId }));
      await this.storage.deletePrefix(`hls/${videoId}/`);
    }
    await this.remove(record.key);
    this.logger.log(`upload ${record.key} discarded`);
  }

  private async safely(what: string, action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.logger.warn(`could not ${what}: ${(error as Error).message}`);
    }
  }

  /** The record of an upload this server made and no video has used yet. */
  async claim(key: string): Promise<UploadRecord> {
    const unknown = new BadRequestException({ message: 'Unknown upload: please, upload the video again' });
    if (!ORIGINAL_KEY.test(key)) throw unknown;
    let record: UploadRecord;
    try {
      const object = await this.storage.get(sidecarKey(key));
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      record = JSON.parse(Buffer.concat(chunks).toString('utf8')) as UploadRecord;
    } catch {
      throw unknown;
    }
    if (record.key !== key || !(await this.storage.exists(key))) throw unknown;
    return record;
  }

  /** The upload now belongs to a video: its record goes, so it cannot be claimed twice. */
  async release(key: string): Promise<void> {
    await this.storage
      .delete(sidecarKey(key))
      .catch((error: Error) => this.logger.warn(`sidecar of ${key}: ${error.message}`));
    await this.safely(`forget ${key}`, () => this.pending.forget(key));
  }

  /** An original and its record, when the video is deleted. */
  async remove(key: string | null): Promise<void> {
    if (!key) return;
    for (const target of [key, sidecarKey(key), waveformKeyBeside(key), uploadLadderKeyBeside(key)]) {
      await this.storage
        .delete(target)
        .catch((error: Error) => this.logger.warn(`could not delete ${target}: ${error.message}`));
    }
  }
}
