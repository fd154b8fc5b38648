import { BadRequestException, Controller, Get, Param, ParseIntPipe, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JwtAuthGuard } from '../auth/guards.js';
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

const id = new ParseIntPipe({ errorHttpStatusCode: 400 });

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
    @Param('videoId', id) videoId: number,
    @Param('currentTime', id) currentTime: number,
    @Param('offset', id) offset: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AnalyzeInfo> {
    if (videoId < 1 || offset < 0 || currentTime < 0) {
      throw new BadRequestException({ message: 'Ids, times and offsets must be whole numbers, 0 or more' });
    }
    // A closed request stops the work (spec viewer §7: cancellable).
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    // The answer is for the track playing at currentTime (DESIGN.md §2.12), inside the window.
    return this.analysis.analyze(videoId, currentTime, offset, controller.signal);
  }
}
