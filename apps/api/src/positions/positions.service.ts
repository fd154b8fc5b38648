import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import type { User } from '@app/db';
import { MediaUrls } from '../catalogue/media-urls.js';
import { toVideoDto } from '../catalogue/video-sql.js';
import type { ContinueWatchingDto, PositionDto, ResumePositionDto } from './positions.dto.js';
import { PositionsRepository } from './positions.repository.js';

/** Continue watching: the positions of signed-in viewers, never of the shared guest account. */
@Injectable()
export class PositionsService {
  constructor(
    private readonly positions: PositionsRepository,
    private readonly urls: MediaUrls,
  ) {}

  async save(user: User, batch: PositionDto[]): Promise<void> {
    // The guest account is shared by everyone who takes the guest link: nothing of it is kept.
    if (user.isGuest) throw new ForbiddenException({ message: 'The guest account does not keep positions' });
    const unknown = await this.positions.save(
      user.id,
      batch.map((p) => p.video_id),
      batch.map((p) => p.position),
    );
    if (unknown.length > 0) throw new BadRequestException({ message: `Unknown video id: ${unknown.join(', ')}` });
  }

  async resumeAt(user: User, videoId: number): Promise<ResumePositionDto> {
    return { video_id: videoId, position: await this.positions.findResumable(user.id, videoId) };
  }

  async continueWatching(user: User): Promise<ContinueWatchingDto[]> {
    const rows = await this.positions.findContinueWatching(user.id);
    return rows.map(({ video }) => ({
      ...toVideoDto(video, this.urls),
      resume_at: video.resume_at,
      watched_at: new Date(video.watched_at).toISOString(),
    }));
  }
}
