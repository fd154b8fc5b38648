import { Injectable, NotFoundException } from '@nestjs/common';
import { JobName } from '@app/contracts';
import { StorageNotFoundError, waveformKeyBeside, type StorageDriver, type Waveform } from '@app/media';
import { QueueService } from '../../queue/queue.service.js';
import { InjectStorage } from '../../storage/storage.module.js';
import { VideoUploads } from '../videos/video-uploads.js';
import { WaveformsRepository } from './waveforms.repository.js';

/** A waveform, or word that the worker is drawing it (the client asks again). */
export type WaveformAnswer = Waveform | { pending: true };

/**
 * The waveforms the worker stores beside a video's ladder (video.transcode), a track's
 * excerpt (track.excerpt) and an upload not yet saved as a video (upload.waveform, queued on
 * the first ask), read back for the track wizard.
 */
@Injectable()
export class WaveformsService {
  constructor(
    private readonly repository: WaveformsRepository,
    private readonly uploads: VideoUploads,
    private readonly queues: QueueService,
    @InjectStorage() private readonly storage: StorageDriver,
  ) {}

  /** An upload this server made and no video has claimed yet (400 for any other key). */
  async forUpload(uploadKey: string): Promise<WaveformAnswer> {
    await this.uploads.claim(uploadKey);
    const stored = await this.readIfStored(waveformKeyBeside(uploadKey));
    if (stored) return stored;
    const job = await this.queues.summary(JobName.UploadWaveform, { uploadKey });
    if (job?.state === 'failed') {
      throw new NotFoundException({ message: 'No waveform: the audio of this file could not be read' });
    }
    if (!job || job.state === 'completed') await this.queues.enqueue(JobName.UploadWaveform, { uploadKey });
    return { pending: true };
  }

  async forVideo(videoId: number): Promise<Waveform> {
    const key = await this.repository.findVideoMasterKey(videoId);
    if (key === undefined) throw new NotFoundException({ message: 'Video not found' });
    return this.read(key, 'The video has no waveform yet: it appears once its stream is ready');
  }

  async forAlbumTrack(albumTrackId: number): Promise<Waveform> {
    const key = await this.repository.findTrackExcerptKey(albumTrackId);
    if (key === undefined) throw new NotFoundException({ message: 'Album track not found' });
    return this.read(key, 'The track has no waveform yet: it appears once its excerpt is made');
  }

  private async read(mediaKey: string | null, missing: string): Promise<Waveform> {
    // No media yet, media made before waveforms existed, or without an audio stream.
    const stored = mediaKey ? await this.readIfStored(waveformKeyBeside(mediaKey)) : undefined;
    if (!stored) throw new NotFoundException({ message: missing });
    return stored;
  }

  private async readIfStored(key: string): Promise<Waveform | undefined> {
    let body: NodeJS.ReadableStream;
    try {
      ({ body } = await this.storage.get(key));
    } catch (error) {
      if (error instanceof StorageNotFoundError) return undefined;
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Waveform;
  }
}
