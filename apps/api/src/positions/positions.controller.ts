import { Body, Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { User } from '@app/db';
import { Access, AccessTokenGuard, CurrentUser, JwtAuthGuard, type VerifiedAccess } from '../auth/guards.js';
import { IdParam } from '../common/params.js';
import {
  ContinueWatchingDto,
  type PositionDto,
  ResumePositionDto,
  SavePositionsDto,
  SavePositionsPipe,
} from './positions.dto.js';
import { PositionsService } from './positions.service.js';

/** Where the signed-in viewer stopped in each video (continue watching, on every device). */
@ApiTags('positions')
@ApiSecurity('JWT')
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@Controller()
export class PositionsController {
  constructor(private readonly positions: PositionsService) {}

  // The token alone here: the write checks the account in the same statement (the most frequent
  // signed-in call, once a minute per viewer; bench:positions).
  @Post('save_positions')
  @UseGuards(AccessTokenGuard)
  @HttpCode(204)
  @ApiOperation({ summary: "Save the viewer's positions in videos (a batch; one row per video, overwritten)" })
  @ApiNoContentResponse({ description: 'Saved' })
  @ApiBadRequestResponse({ description: 'A malformed batch, or an id that is not a visible video (nothing saved)' })
  @ApiForbiddenResponse({ description: 'The guest account keeps no positions' })
  @ApiBody({ type: SavePositionsDto })
  savePositions(@Access() access: VerifiedAccess, @Body(SavePositionsPipe) positions: PositionDto[]): Promise<void> {
    return this.positions.save(access, positions);
  }

  @Get('get_position/:videoId')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Where to resume a video (null when not started or finished)' })
  @ApiOkResponse({ type: ResumePositionDto })
  getPosition(@CurrentUser() user: User, @IdParam('videoId') videoId: number): Promise<ResumePositionDto> {
    return this.positions.resumeAt(user, videoId);
  }

  @Get('get_continue_watching')
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: 'Videos the viewer stopped in the middle of, most recent first (finished ones left out)' })
  @ApiOkResponse({ type: [ContinueWatchingDto] })
  getContinueWatching(@CurrentUser() user: User): Promise<ContinueWatchingDto[]> {
    return this.positions.continueWatching(user);
  }
}
