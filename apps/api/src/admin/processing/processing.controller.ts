import { Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.js';
import { AdminProcessingFailuresDto, AdminProcessingOverviewDto } from './processing.dto.js';
import { ProcessingService } from './processing.service.js';

@AdminController()
export class ProcessingController {
  constructor(private readonly processing: ProcessingService) {}

  @Get('get_processing_overview')
  @ApiOperation({
    summary: 'Videos queued, processing or failed across the catalogue, with their jobs (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminProcessingOverviewDto })
  overview(): Promise<AdminProcessingOverviewDto> {
    return this.processing.overview();
  }

  @Get('get_processing_failures')
  @ApiOperation({
    summary: 'How many videos failed processing, and the latest: polled by the console (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminProcessingFailuresDto })
  failures(): Promise<AdminProcessingFailuresDto> {
    return this.processing.failures();
  }
}
