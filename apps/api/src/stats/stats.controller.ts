import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '@app/db';
import { CurrentUser, JwtAuthGuard } from '../auth/guards.js';
import { PlayBeaconAnswerDto, PlayBeaconDto } from './stats.dto.js';
import { StatsService } from './stats.service.js';

/** The player's play reports (issue 15): signed-in viewers, guest included. */
@ApiTags('stats')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Post('plays')
  @HttpCode(200)
  @ApiOperation({ summary: 'Plays, completions and watched seconds since the last report, batched by the player' })
  @ApiBody({ type: PlayBeaconDto })
  @ApiOkResponse({ type: PlayBeaconAnswerDto })
  @ApiResponse({ status: 400, description: 'A malformed batch: {"message"}, nothing recorded' })
  @ApiResponse({ status: 429, description: 'More than 30 reports a minute from this account' })
  plays(@CurrentUser() user: User, @Body() body: unknown): Promise<PlayBeaconAnswerDto> {
    return this.stats.recordPlays(user.id, body);
  }
}
