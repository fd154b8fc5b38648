import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { checkMediaEnd, newStorageKey, probeMedia, waveformKeyBeside, type StorageDriver } from '@app/media';
import { InjectStorage } from '../../storage/storage.module.js';
import { refuseUnknownFields } from '../common/form-fields.js';
import { mediaHttpError } from '../common/media-errors.js';
import type { UploadedForm } from '../common/form-reader.js';
import type { MultipartLimits } from '../common/multipart.js';
import type { AdminUploadAnswerDto } from './videos.dto.js';

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
}

/** Keys upload_video/ hands out; anything else sent as file_original_path_linux is refused. */
const ORIGINAL_KEY = /^originals\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** Room for the multipart boundary and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const sidecarKey = (key: string) => `${key}.upload.json`;

/**
 * upload_video/: the file is streamed to a spool file (never held in memory), recognised by
 * its bytes and by ffprobe restricted to that one local file, checked to hold data up to the
 * end its header announces (a cut upload is refused), and only then copied to
 * storage under a server-generated key. A refused or interrupted upload leaves nothing behind.
 */
@Injectable()
export class VideoUploads {
  private readonly logger = new Logger('VideoUploads');

  constructor(
    private readonly config: AppConfig,
    @InjectStorage() private readonly storage: StorageDriver,
  ) {}

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
        await checkMediaEnd(file.path, probed, { timeoutMs: 120_000 });
        return probed;
      })
      .catch((error: unknown) => {
        throw mediaHttpError(error);
      });
    const key = newStorageKey('originals', probe.container.ext);
    const record: UploadRecord = {
      key,
      duration: Math.round(probe.durationSeconds * 1000) / 1000,
      size: file.size,
      container: probe.container.ext,
      width: probe.video?.width ?? null,
      height: probe.video?.height ?? null,
      uploadedBy: userId,
      uploadedAt: new Date().toISOString(),
    };
    await this.storage.putFile(key, file.path, probe.container.mime);
    try {
      await this.storage.put(sidecarKey(key), Buffer.from(JSON.stringify(record)), 'application/json');
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    this.logger.log(`upload ${key}: ${file.size} bytes, ${record.duration} s, by user ${userId}`);
    return { file_original_path_linux: key, duration: record.duration };
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
  }

  /** An original and its record, when the video is deleted. */
  async remove(key: string | null): Promise<void> {
    if (!key) return;
    for (const target of [key, sidecarKey(key), waveformKeyBeside(key)]) {
      await this.storage
        .delete(target)
        .catch((error: Error) => this.logger.warn(`could not delete ${target}: ${error.message}`));
    }
  }
}
