import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { AUTH_MESSAGES } from '@app/contracts';
import type { User } from '@app/db';
import type { VerifiedAccess } from '../auth/guards.js';
import { TokenNotValidException } from '../auth/jwt-tokens.service.js';
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

  /**
   * Saves a batch for the account of a verified access token. The account is checked by the
   * write itself (AccessTokenGuard): a token of a deactivated account or from before a password
   * change answers the same 401 as every other signed-in call.
   */
  async save(access: VerifiedAccess, batch: PositionDto[]): Promise<void> {
    const outcome = await this.positions.save(
      access,
      batch.map((p) => p.video_id),
      batch.map((p) => p.position),
    );
    switch (outcome.kind) {
      case 'saved':
        return;
      case 'token_not_valid':
        throw new TokenNotValidException(AUTH_MESSAGES.givenTokenNotValid);
      case 'guest':
        // The guest account is shared by everyone who takes the guest link: nothing of it is kept.
        throw new ForbiddenException({ message: 'The guest account does not keep positions' });
      case 'unknown_videos':
        throw new BadRequestException({ message: `Unknown video id: ${outcome.ids.join(', ')}` });
    }
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
