import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { User } from '@app/db';
import { CurrentUser, OptionalJwtAuthGuard } from '../auth/guards.js';
import { PlayBeaconAnswerDto, PlayBeaconDto } from './stats.dto.js';
import { StatsService } from './stats.service.js';

/** The player's play reports (issue 15): signed-in viewers, guest included, and visitors without an account. */
@ApiTags('stats')
@ApiBearerAuth()
@UseGuards(OptionalJwtAuthGuard)
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Post('plays')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Plays, completions and watched seconds since the last report, batched by the player. Without an account: ' +
      '10 beacons a minute per address, and at most 3 plays, 3 completions and 3,600 s per video and address an hour',
  })
  @ApiBody({ type: PlayBeaconDto })
  @ApiOkResponse({ type: PlayBeaconAnswerDto })
  @ApiResponse({ status: 400, description: 'A malformed batch: {"message"}, nothing recorded' })
  @ApiResponse({
    status: 429,
    description:
      'More than 30 reports a minute from this account (10 from an address without one); Retry-After says when',
  })
  plays(
    @CurrentUser() user: User | null,
    @Req() request: FastifyRequest,
    @Body() body: unknown,
  ): Promise<PlayBeaconAnswerDto> {
    return this.stats.recordPlays(user ? { id: user.id, isStaff: user.isStaff } : null, request.ip, body);
  }
}
