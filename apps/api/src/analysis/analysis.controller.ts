import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JwtAuthGuard } from '../auth/guards.js';
import { IdParam, SecondsParam } from '../common/params.js';
import { AnalysisService, type AnalyzeInfo } from './analysis.service.js';

class AnalyzeInfoDto implements AnalyzeInfo {
  @ApiProperty({ type: Number, nullable: true, description: 'Watermark code heard in the window' })
  watermark: number | null;

  @ApiProperty({ type: [Number], description: 'Landmark (hash, tick) pairs, flattened' })
  footprint: number[];

  @ApiProperty()
  yt_link: string;

  @ApiProperty({ description: 'Start of the analysed 30 s window, seconds' })
  offset: number;
}

@ApiTags('analysis')
@ApiBearerAuth()
@Controller()
@UseGuards(JwtAuthGuard)
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Get('get_analyze_info/:videoId/:currentTime/:offset')
  @ApiOperation({
    summary:
      'Watermark and footprint numbers of the 30 s window at offset, for the track playing at currentTime (cancellable)',
  })
  @ApiOkResponse({ type: AnalyzeInfoDto })
  analyze(
    @IdParam('videoId') videoId: number,
    @SecondsParam('currentTime', 'Playback position, whole seconds') currentTime: number,
    @SecondsParam('offset', 'Start of the 30 s window, whole seconds') offset: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AnalyzeInfo> {
    // A closed request stops the work (spec viewer §7: cancellable).
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    // The answer is for the track playing at currentTime (DESIGN.md §2.12), inside the window.
    return this.analysis.analyze(videoId, currentTime, offset, controller.signal);
  }
}
