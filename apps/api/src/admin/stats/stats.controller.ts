import { Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { StatsReportDto } from '../../stats/stats.dto.js';
import { StatsService } from '../../stats/stats.service.js';
import { AdminController } from '../common/admin-controller.js';

/** The statistics screen's numbers. */
@AdminController()
export class AdminStatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('get_stats_for_admin')
  @ApiOperation({
    summary: 'Plays, watch time and completion per day, video and playlist; top and empty searches; over a period',
  })
  @ApiQuery({ name: 'from', required: false, description: 'First day, YYYY-MM-DD (default: 29 days before `to`)' })
  @ApiQuery({ name: 'to', required: false, description: 'Last day, YYYY-MM-DD (default: today)' })
  @ApiOkResponse({ type: StatsReportDto })
  @ApiBadRequestResponse({ description: 'A day not as YYYY-MM-DD, from after to, or more than 366 days' })
  report(@Query('from') from: unknown, @Query('to') to: unknown): Promise<StatsReportDto> {
    return this.stats.report(from, to);
  }
}
