import { Injectable, NotFoundException } from '@nestjs/common';
import { StorageNotFoundError, waveformKeyBeside, type StorageDriver, type Waveform } from '@app/media';
import { InjectStorage } from '../../storage/storage.module.js';
import { WaveformsRepository } from './waveforms.repository.js';

/**
 * The waveforms the worker stores beside a video's ladder (video.transcode) and a track's
 * excerpt (track.excerpt), read back for the track wizard.
 */
@Injectable()
export class WaveformsService {
  constructor(
    private readonly repository: WaveformsRepository,
    @InjectStorage() private readonly storage: StorageDriver,
  ) {}

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
    if (!mediaKey) throw new NotFoundException({ message: missing });
    let body: NodeJS.ReadableStream;
    try {
      ({ body } = await this.storage.get(waveformKeyBeside(mediaKey)));
    } catch (error) {
      // Media made before waveforms existed, or without an audio stream.
      if (error instanceof StorageNotFoundError) throw new NotFoundException({ message: missing });
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Waveform;
  }
}
