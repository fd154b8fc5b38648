import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { VideoDto } from '../catalogue/dto/video.dto.js';
import { MAX_INT } from '../common/params.js';

/** Videos in one batch: a client sends what it watched since the last one (a few at most). */
export const MAX_POSITIONS = 20;
/** Longer than any video; a bigger number is a bad client, not a long concert. */
const MAX_SECONDS = 24 * 3600;

export class PositionDto {
  @ApiProperty({ example: 403, minimum: 1, maximum: MAX_INT })
  video_id: number;

  @ApiProperty({ example: 61.5, minimum: 0, maximum: MAX_SECONDS, description: 'Seconds from the start of the video' })
  position: number;
}

/** The body's shape for the API reference; `parseSavePositions` holds its rules. */
export class SavePositionsDto {
  @ApiProperty({
    type: [PositionDto],
    minItems: 1,
    maxItems: MAX_POSITIONS,
    description: `Up to ${MAX_POSITIONS}, one per video; the last one of a video wins`,
  })
  positions: PositionDto[];
}

const refuse = (message: string) => new BadRequestException({ message });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyFields(value: Record<string, unknown>, fields: readonly string[]): void {
  const unknown = Object.keys(value).find((key) => !fields.includes(key));
  if (unknown !== undefined) throw refuse(`Unknown field: ${unknown}`);
}

/**
 * save_positions' body, checked by hand with the messages of every other body: it is the most
 * frequent signed-in call, and class-transformer with class-validator took about 9 % of its CPU
 * (bench:positions). The first problem is the answer; unknown fields are refused.
 */
export function parseSavePositions(body: unknown): PositionDto[] {
  if (!isRecord(body)) throw refuse('positions must be a list');
  onlyFields(body, ['positions']);
  const list = body.positions;
  if (!Array.isArray(list)) throw refuse('positions must be a list');
  if (list.length < 1) throw refuse('positions must hold at least one position');
  if (list.length > MAX_POSITIONS) throw refuse(`At most ${MAX_POSITIONS} positions at once`);
  return list.map((item: unknown) => {
    if (!isRecord(item)) throw refuse('Each position must be {"video_id": id, "position": seconds}');
    onlyFields(item, ['video_id', 'position']);
    const { video_id, position } = item;
    if (!Number.isInteger(video_id) || (video_id as number) < 1 || (video_id as number) > MAX_INT) {
      throw refuse('video_id must be a video id');
    }
    if (typeof position !== 'number' || !Number.isFinite(position) || position < 0 || position > MAX_SECONDS) {
      throw refuse('position must be a number of seconds');
    }
    // To the millisecond: finer means nothing to a player, and below the column's smallest
    // real (1e-45) Postgres refuses the number.
    return { video_id: video_id as number, position: Math.round(position * 1000) / 1000 };
  });
}

/** `@Body(SavePositionsPipe)`: the hand check above in place of the global validation pipe. */
@Injectable()
export class SavePositionsPipe implements PipeTransform<unknown, PositionDto[]> {
  transform(body: unknown): PositionDto[] {
    return parseSavePositions(body);
  }
}

export class ResumePositionDto {
  @ApiProperty({ example: 403 })
  video_id: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    example: 61.5,
    description: 'Where to resume, in seconds; null when never watched or watched to the end',
  })
  position: number | null;
}

export class ContinueWatchingDto extends VideoDto {
  @ApiProperty({ example: 61.5, description: 'Where the viewer stopped, in seconds' })
  resume_at: number;

  @ApiProperty({ example: '2026-11-26T04:00:00.000Z' })
  watched_at: string;
}
