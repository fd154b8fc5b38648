import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { FootprintLookupDto, WatermarkLookupDto } from './lookup.dto.js';
import { LookupService, type FootprintInfo, type LookupAnswer, type WatermarkInfo } from './lookup.service.js';

@ApiTags('tracker')
@Controller()
export class LookupController {
  constructor(private readonly lookups: LookupService) {}

  @Post('get_info_by_wm_nums')
  @HttpCode(200)
  @ApiOperation({ summary: 'The track a detected watermark code marks' })
  byWatermark(@Body() body: WatermarkLookupDto): Promise<LookupAnswer<WatermarkInfo>> {
    return this.lookups.byWatermark(body);
  }

  @Post('get_info_by_fp_nums')
  @HttpCode(200)
  @ApiOperation({ summary: 'The indexed track whose landmarks best align with the given footprint' })
  byFootprint(@Body() body: FootprintLookupDto): Promise<LookupAnswer<FootprintInfo>> {
    return this.lookups.byFootprint(body);
  }
}
