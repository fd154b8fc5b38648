import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImageKind, JobName, PAGE_SIZE, ProcessingState } from '@app/contracts';
import { StaffMediaUrls } from '../../media/staff-media-urls.js';
import { QueueService } from '../../queue/queue.service.js';
import type { AdminIdTitleDto, AdminMessageDto } from '../common/answers.dto.js';
import { parseDataField } from '../common/data-field.js';
import { claimRevision, parseRevision, raiseRevisions } from '../common/revision.js';
import { refuseUnknownFields } from '../common/form-fields.js';
import type { ImageForm, UploadedForm } from '../common/form-reader.js';
import type { MultipartLimits } from '../common/multipart.js';
import { ImageForms } from '../common/image-forms.js';
import { BANNERS, compact, lockSets, playlistVideos } from '../common/ordered-set.js';
import { offsetOf } from '../../common/params.js';
import { StoredFiles } from '../common/stored-files.js';
import { orderTracks, parseNewVideo, parseVideoFields, type TrackInput, type VideoFields } from './video-form.js';
import { VideoUploads } from './video-uploads.js';
import {
  toProcessingJobDto,
  type AdminProcessingJobDto,
  type AdminUploadAnswerDto,
  type AdminVideoInfoDto,
  type AdminVideoLengthDto,
  type AdminVideoListDto,
} from './videos.dto.js';
import type { AdminVideoListQueryDto } from './video-list.dto.js';
import { videoOrderOf, videoQueryOf } from './video-query.js';
import {
  VideosRepository,
  type LinkName,
  type VideoOrder,
  type VideoQuery,
  type VideoRow,
} from './videos.repository.js';

const NOT_FOUND = { message: 'Video not found' };

const LINK_NOUNS: Record<LinkName, string> = {
  genres: 'genre',
  moods: 'mood',
  videoGenres: 'video genre',
  tags: 'tag',
};

@Injectable()
export class VideosService {
  private readonly logger = new Logger('VideosService');

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: VideosRepository,
    private readonly uploads: VideoUploads,
    private readonly images: ImageForms,
    private readonly files: StoredFiles,
    private readonly queues: QueueService,
    private readonly urls: StaffMediaUrls,
  ) {}

  async list(
    query: VideoQuery,
    page: number,
    pageSize: number = PAGE_SIZE.admin,
    order?: VideoOrder,
  ): Promise<AdminVideoListDto> {
    const [videos, videoLength] = await Promise.all([
      this.repository.list(query, pageSize, offsetOf(page, pageSize), order),
      this.repository.count(query),
    ]);
    return { videos: videos.map((row) => this.urls.withImage(ImageKind.Video, row)), videoLength };
  }

  /** GET admin/videos: the sortable, filterable list with its page size. */
  browse(query: AdminVideoListQueryDto): Promise<AdminVideoListDto> {
    return this.list(videoQueryOf(query), query.page, query.page_size, videoOrderOf(query));
  }

  async length(query: VideoQuery): Promise<AdminVideoLengthDto> {
    return { videoLength: await this.repository.count(query) };
  }

  suggestions(query: string): Promise<AdminIdTitleDto[]> {
    return query ? this.repository.suggestions(query, PAGE_SIZE.admin) : Promise.resolve([]);
  }

  /** upload_video/'s form limits (the largest accepted video), applied by FormReader at the edge. */
  get uploadLimits(): MultipartLimits & { overheadBytes: number } {
    return this.uploads.formLimits;
  }

  upload(form: UploadedForm, userId: number): Promise<AdminUploadAnswerDto> {
    return this.uploads.receive(form, userId);
  }

  uploadProcessing(key: string, userId: number): Promise<AdminProcessingJobDto | null> {
    return this.uploads.processing(key, userId);
  }

  async discardUpload(key: string, userId: number): Promise<AdminMessageDto> {
    await this.uploads.discard(key, userId);
    return { message: 'The upload has been discarded' };
  }

  async info(id: number): Promise<AdminVideoInfoDto> {
    const video = await this.repository.find(id);
    if (!video) throw new NotFoundException(NOT_FOUND);
    const [facets, tracks, playlists, job] = await Promise.all([
      this.repository.facets(id),
      this.repository.tracks(id),
      this.repository.playlistIds(id),
      this.jobOf(id),
    ]);
    return {
      id: video.id,
      title: video.title,
      description: video.description,
      yt_link: video.yt_link,
      status: video.status,
      duration: video.duration,
      ...facets,
      tracks,
      file_original_path_linux: video.original_key,
      file_path: video.hls_master_key,
      scripted_bunny_path: this.urls.hls(video.hls_master_key),
      playlists,
      has_thumbnail: video.thumbnail_key !== null,
      image: this.urls.image(ImageKind.Video, video.id, video.thumbnail_key !== null),
      processing_state: video.processing_state,
      processing_progress: video.processing_progress,
      processing_error: video.processing_error,
      watermark_warning: video.watermark_warning,
      revision: video.revision,
      job,
    };
  }

  /**
   * fill_video_info/: checks in the spec's order, then the ids, the upload and the tracks;
   * creates the video (processing state queued, the id reserved for the upload) with its
   * tracks in one transaction and queues video.transcode. The upload's own transcode, started
   * at its end, goes on if it runs (this run follows it and only marks the audio), is taken
   * over if it has not started, and is not repeated if it has finished.
   */
  async fill(form: ImageForm): Promise<AdminVideoInfoDto> {
    refuseUnknownFields(form.fields, ['data']);
    const input = parseNewVideo(parseDataField(form.fields.get('data')));
    await this.requireKnownIds(input);
    const upload = await this.uploads.claim(input.uploadKey);
    const tracks = orderTracks(await this.checkAlbums(input.tracks), upload.duration);
    const thumbnailKey = form.image ? await this.images.store(form.image, { kind: 'images' }) : null;
    let id: number;
    try {
      id = await this.dataSource.transaction(async (em) => {
        await this.repository.lockUpload(em, upload.key);
        if (await this.repository.uploadInUse(em, upload.key)) {
          throw new ConflictException({ message: 'This upload already belongs to another video' });
        }
        const videoId = await this.repository.insert(em, {
          ...input,
          duration: upload.duration,
          originalKey: upload.key,
          thumbnailKey,
          id: upload.videoId,
        });
        await this.repository.setLinks(em, videoId, input);
        await this.repository.insertTracks(em, videoId, tracks);
        return videoId;
      });
    } catch (error) {
      await this.files.removeImage(thumbnailKey);
      throw error;
    }
    await this.uploads.release(upload.key);
    if (thumbnailKey) await this.queueSafely(() => this.images.resize(ImageKind.Video, id));
    await this.queueSafely(() => this.queues.enqueue(JobName.VideoTranscode, { videoId: id }));
    return this.info(id);
  }

  /**
   * edit_video_info/{id}/: the same checks as on add; tracks are read-only here. A form that
   * sends the revision it loaded is refused (409) when someone else saved the video since.
   */
  async edit(id: number, form: ImageForm): Promise<AdminVideoInfoDto> {
    const current = await this.repository.find(id);
    if (!current) throw new NotFoundException(NOT_FOUND);
    refuseUnknownFields(form.fields, ['data']);
    const data = parseDataField(form.fields.get('data'));
    const revision = parseRevision(data.revision);
    const fields = parseVideoFields(data, current.status);
    await this.requireKnownIds(fields);
    const thumbnailKey = form.image ? await this.images.store(form.image, { kind: 'images' }) : null;
    try {
      await this.dataSource.transaction(async (em) => {
        await claimRevision(em, { table: 'videos', id, noun: 'video', notFound: NOT_FOUND.message }, revision);
        await this.repository.update(em, id, fields);
        await this.repository.setLinks(em, id, fields);
      });
    } catch (error) {
      await this.files.removeImage(thumbnailKey);
      throw error;
    }
    if (thumbnailKey) await this.setThumbnail(id, thumbnailKey);
    return this.info(id);
  }

  async replaceThumbnail(id: number, form: ImageForm): Promise<AdminVideoInfoDto> {
    if (!(await this.repository.find(id))) throw new NotFoundException(NOT_FOUND);
    refuseUnknownFields(form.fields, []);
    if (!form.image) throw new BadRequestException({ message: 'Please, choose a picture (form field "file")' });
    await this.setThumbnail(id, await this.images.store(form.image, { kind: 'images' }));
    return this.info(id);
  }

  /**
   * delete_video/{id}/{bunny_id}/: the row and everything pointing at it, the playlists and
   * banners closing their gaps, then its queued jobs and stored files (original, HLS ladder,
   * thumbnail and its sizes). bunny_id is the old CDN's id and is not used.
   */
  async delete(id: number): Promise<AdminMessageDto> {
    const deleted = await this.dataSource.transaction(async (em) => {
      const playlistIds = await this.repository.playlistIds(id, em);
      const hasBanners = await this.repository.hasBanners(em, id);
      await lockSets(em, [...playlistIds.map(playlistVideos), ...(hasBanners ? [BANNERS] : [])]);
      const row = await this.repository.delete(em, id);
      if (!row) throw new NotFoundException(NOT_FOUND);
      for (const playlistId of playlistIds) await compact(em, playlistVideos(playlistId));
      await raiseRevisions(em, 'playlists', playlistIds);
      if (hasBanners) await compact(em, BANNERS);
      return row;
    });
    await this.removeMedia(deleted);
    return { message: 'Video has been deleted' };
  }

  /** After a deleted video's row is gone: its queued jobs and stored files (original, HLS ladder, thumbnail). */
  async removeMedia(deleted: Pick<VideoRow, 'id' | 'original_key' | 'thumbnail_key'>): Promise<void> {
    const id = deleted.id;
    await this.queueSafely(() => this.queues.removeJobs(JobName.VideoTranscode, { videoId: id }));
    await this.queueSafely(() => this.queues.removeJobs(JobName.ImageResize, { kind: ImageKind.Video, id }));
    await this.uploads.remove(deleted.original_key);
    await this.files.removeImage(deleted.thumbnail_key);
    await this.files.removePrefix(`hls/${id}/`);
  }

  /** Queues a transcode whose state Postgres already says is queued (a lost Redis is the reconciler's). */
  async enqueueTranscode(id: number): Promise<void> {
    await this.queueSafely(() => this.queues.enqueue(JobName.VideoTranscode, { videoId: id }));
  }

  /**
   * Staff retry (POST retry_video_processing/{id}/): a failed video, or one whose job is gone
   * from the queue (Redis lost it), goes back to the queue with a fresh job.
   */
  async retry(id: number): Promise<AdminVideoInfoDto> {
    const video = await this.repository.find(id);
    if (!video) throw new NotFoundException(NOT_FOUND);
    if (!video.original_key) throw new ConflictException({ message: 'This video has no uploaded file to process' });
    const job = await this.queues.summary(JobName.VideoTranscode, { videoId: id });
    const jobAlive = job !== null && job.state !== 'failed' && job.state !== 'completed';
    const stuck =
      (video.processing_state === ProcessingState.Queued || video.processing_state === ProcessingState.Processing) &&
      !jobAlive;
    if (video.processing_state !== ProcessingState.Failed && !stuck) {
      throw new ConflictException({
        message:
          video.processing_state === ProcessingState.Ready
            ? 'The video is already processed'
            : 'The video is being processed; it can be retried if it fails',
      });
    }
    // Postgres first: should Redis be away, the worker's reconciler queues it when Redis is back.
    await this.repository.markQueued(id);
    await this.queueSafely(() => this.queues.enqueue(JobName.VideoTranscode, { videoId: id }));
    return this.info(id);
  }

  private async setThumbnail(id: number, key: string): Promise<void> {
    await this.files.removeImage(await this.repository.swapThumbnail(id, key));
    await this.queueSafely(() => this.images.resize(ImageKind.Video, id));
  }

  private async jobOf(id: number): Promise<AdminVideoInfoDto['job']> {
    try {
      return toProcessingJobDto(await this.queues.summary(JobName.VideoTranscode, { videoId: id }));
    } catch (error) {
      // Redis down: the answer still shows the state Postgres holds.
      this.logger.warn(`queue not reachable: ${(error as Error).message}`);
      return null;
    }
  }

  /**
   * A change already committed must not turn into an error because Redis is away: the
   * worker's reconciler re-queues videos Postgres says are pending.
   */
  private async queueSafely(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.logger.error(`queue not reachable: ${(error as Error).message}`);
    }
  }

  private async requireKnownIds(fields: Pick<VideoFields, LinkName>): Promise<void> {
    for (const name of Object.keys(LINK_NOUNS) as LinkName[]) {
      const missing = await this.repository.firstMissing(name, fields[name]);
      if (missing !== undefined) throw new BadRequestException({ message: `Unknown ${LINK_NOUNS[name]} ${missing}` });
    }
  }

  /** Each track exists and is on the album the form says. */
  private async checkAlbums(tracks: TrackInput[]): Promise<TrackInput[]> {
    const albums = await this.repository.trackAlbums(tracks.map((track) => track.trackId));
    for (const track of tracks) {
      const albumId = albums.get(track.trackId);
      if (albumId === undefined) throw new BadRequestException({ message: `Unknown track ${track.trackId}` });
      if (albumId !== track.albumId) {
        throw new BadRequestException({ message: `Track ${track.trackId} is not on album ${track.albumId}` });
      }
    }
    return tracks;
  }
}
