import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  canonicalLanguageTag,
  parseSubtitles,
  SubtitleError,
  SUBTITLE_MAX_BYTES,
  type StorageDriver,
} from '@app/media';
import { StaffMediaUrls } from '../../media/staff-media-urls.js';
import { InjectStorage } from '../../storage/storage.module.js';
import type { AdminMessageDto } from '../common/answers.dto.js';
import { refuseUnknownFields } from '../common/form-fields.js';
import type { UploadedForm } from '../common/form-reader.js';
import type { MultipartLimits } from '../common/multipart.js';
import type { AdminSubtitleDto } from './subtitles.dto.js';
import { SubtitlesRepository, type SubtitleRow } from './subtitles.repository.js';

const NOT_FOUND = { message: 'Video not found' };
/** Languages per video: more than a menu can show. */
export const MAX_SUBTITLE_LANGUAGES = 20;
const LABEL_MAX = 100;

/**
 * Words on screen: staff attach a WebVTT or SubRip file per language to a video. The file is
 * read, checked and rewritten as clean WebVTT (libs/media subtitles), stored under the video's
 * stream prefix (`hls/{videoId}/text/…`, so it is served by the stream's access rules: hidden
 * videos' files only through signed staff addresses) under a fresh key, and the row switched
 * to it; a replaced file is removed after the switch.
 */
@Injectable()
export class SubtitlesService {
  private readonly logger = new Logger('SubtitlesService');

  constructor(
    private readonly db: DataSource,
    private readonly repository: SubtitlesRepository,
    private readonly urls: StaffMediaUrls,
    @InjectStorage() private readonly storage: StorageDriver,
  ) {}

  readonly formLimits: MultipartLimits & { overheadBytes: number } = {
    maxFileBytes: SUBTITLE_MAX_BYTES,
    fileFields: ['file'],
    overheadBytes: 64 * 1024,
  };

  async list(videoId: number): Promise<AdminSubtitleDto[]> {
    if (!(await this.repository.videoExists(videoId))) throw new NotFoundException(NOT_FOUND);
    return (await this.repository.listForVideo(videoId)).map((row) => this.toDto(row));
  }

  async upload(videoId: number, form: UploadedForm): Promise<AdminSubtitleDto> {
    refuseUnknownFields(form.fields, ['language', 'label']);
    const file = form.files.get('file');
    if (!file) throw new BadRequestException({ message: 'Please, choose a subtitles file (form field "file")' });
    let language: string;
    let parsed: ReturnType<typeof parseSubtitles>;
    try {
      language = canonicalLanguageTag(form.fields.get('language') ?? '');
      parsed = parseSubtitles(await readFile(file.path));
    } catch (error) {
      if (error instanceof SubtitleError) throw new BadRequestException({ message: error.message });
      throw error;
    }
    const label = this.label(form.fields.get('label'), language);

    const key = `hls/${videoId}/text/${language}-${randomBytes(6).toString('hex')}.vtt`;
    await this.storage.put(key, Buffer.from(parsed.vtt, 'utf8'), 'text/vtt; charset=utf-8');
    let result: { row: SubtitleRow; replaced?: string };
    try {
      result = await this.db.transaction(async (em) => {
        if (!(await this.repository.lockVideo(em, videoId))) throw new NotFoundException(NOT_FOUND);
        const previous = await this.repository.find(em, videoId, language);
        if (!previous && (await this.repository.count(em, videoId)) >= MAX_SUBTITLE_LANGUAGES) {
          throw new ConflictException({
            message: `A video holds at most ${MAX_SUBTITLE_LANGUAGES} subtitle languages; delete one first`,
          });
        }
        const row = await this.repository.upsert(em, {
          videoId,
          language,
          label,
          fileKey: key,
          cues: parsed.cues.length,
        });
        return { row, replaced: previous?.file_key };
      });
    } catch (error) {
      await this.remove(key);
      throw error;
    }
    if (result.replaced) await this.remove(result.replaced);
    return this.toDto(result.row);
  }

  async delete(videoId: number, rawLanguage: string): Promise<AdminMessageDto> {
    let language: string;
    try {
      language = canonicalLanguageTag(rawLanguage);
    } catch {
      throw new NotFoundException({ message: 'No subtitles in this language' });
    }
    const key = await this.db.transaction(async (em) => {
      if (!(await this.repository.lockVideo(em, videoId))) throw new NotFoundException(NOT_FOUND);
      return this.repository.delete(em, videoId, language);
    });
    if (!key) throw new NotFoundException({ message: 'No subtitles in this language' });
    await this.remove(key);
    return { message: 'Subtitles have been deleted' };
  }

  private label(raw: string | undefined, language: string): string {
    const label = (raw ?? '').replace(/\s+/g, ' ').trim();
    if (label.length > LABEL_MAX) {
      throw new BadRequestException({ message: `The label is longer than ${LABEL_MAX} characters` });
    }
    if (label) return label;
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' }).of(language) ?? language;
  }

  private toDto(row: SubtitleRow): AdminSubtitleDto {
    return {
      language: row.language,
      label: row.label,
      cues: row.cue_count,
      src: this.urls.stream(row.file_key),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  private async remove(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((error: Error) => this.logger.warn(`could not delete ${key}: ${error.message}`));
  }
}
