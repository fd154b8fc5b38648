import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
} from 'class-validator';

/** Protocol constants that follow the detected code in wm_numbers (spec viewer §7). */
export const WM_PROTOCOL = [156, 300, 400] as const;

/** What both lookups may say about where the window was heard. */
class LookupContextDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  get_as_link?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  session_id?: string;

  @ApiPropertyOptional({ description: 'The video playing; with start_pos, the match must be a track it plays there' })
  @IsOptional()
  @IsInt()
  @Min(1)
  video_id?: number;

  @ApiPropertyOptional({ description: 'Seconds into the video where the analysed window starts (tick 0)' })
  @IsOptional()
  @Min(0)
  start_pos?: number;
}

export class WatermarkLookupDto extends LookupContextDto {
  @ApiProperty({ type: [Number], description: 'The detected code followed by 156, 300, 400' })
  @IsArray()
  @ArrayMinSize(4)
  @ArrayMaxSize(4)
  @IsInt({ each: true })
  wm_numbers: number[];
}

/**
 * Most numbers fp_numbers may hold: 10,000 landmarks. The worker's footprint of a 30 s
 * analysis window has at most about 4,500 (some 9,000 numbers); anything far beyond that is
 * not a footprint of ours, and each landmark costs a hash lookup and votes.
 */
export const MAX_FP_NUMBERS = 20_000;

export class FootprintLookupDto extends LookupContextDto {
  @ApiProperty({
    type: [Number],
    maxItems: MAX_FP_NUMBERS,
    description: 'Landmark hashes and their frame offsets, flattened: [hash0, frame0, hash1, frame1, ...]',
  })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(MAX_FP_NUMBERS)
  @IsInt({ each: true })
  fp_numbers: number[];
}
