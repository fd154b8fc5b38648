import { ApiProperty } from '@nestjs/swagger';

export class PlayReportDto {
  @ApiProperty()
  video_id: number;

  @ApiProperty({ required: false, nullable: true, type: Number, description: 'The playlist it plays in, if any' })
  playlist_id?: number | null;

  @ApiProperty({ required: false, description: 'Playback of this video began since the last report (one play)' })
  started?: boolean;

  @ApiProperty({ required: false, description: 'It played to its end (or within its last seconds)' })
  completed?: boolean;

  @ApiProperty({ required: false, description: 'Seconds actually watched since the last report, 0..600' })
  watched_seconds?: number;
}

export class PlayBeaconDto {
  @ApiProperty({ type: [PlayReportDto], description: 'At most 50 reports' })
  events: PlayReportDto[];
}

export class PlayBeaconAnswerDto {
  @ApiProperty({
    description:
      'Reports counted: those of unknown videos, of videos whose access is off (for anyone but staff) and, without ' +
      'an account, past the address budget are left out',
  })
  recorded: number;
}

export class StatsTotalsDto {
  @ApiProperty()
  plays: number;

  @ApiProperty()
  completions: number;

  @ApiProperty({ description: 'Seconds watched' })
  watch_seconds: number;
}

export class StatsPeriodTotalsDto extends StatsTotalsDto {
  @ApiProperty({ description: 'completions / plays, 0..1' })
  completion_rate: number;
}

export class StatsDayDto extends StatsTotalsDto {
  @ApiProperty({ example: '2026-11-26' })
  day: string;
}

export class StatsItemDto extends StatsPeriodTotalsDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;
}

export class StatsSearchDto {
  @ApiProperty({ description: 'The search text as matched (lower case, no accents or punctuation)' })
  query: string;

  @ApiProperty()
  searches: number;
}

export class StatsReportDto {
  @ApiProperty({ example: '2026-10-28' })
  from: string;

  @ApiProperty({ example: '2026-11-26' })
  to: string;

  @ApiProperty({ type: StatsPeriodTotalsDto })
  totals: StatsPeriodTotalsDto;

  @ApiProperty({ type: [StatsDayDto], description: 'Every day of the period, zeros included' })
  days: StatsDayDto[];

  @ApiProperty({ type: [StatsItemDto], description: 'The 20 most played videos' })
  videos: StatsItemDto[];

  @ApiProperty({ type: [StatsItemDto], description: 'The 20 most played playlists' })
  playlists: StatsItemDto[];

  @ApiProperty({ type: [StatsSearchDto], description: 'The 20 most made searches' })
  top_searches: StatsSearchDto[];

  @ApiProperty({ type: [StatsSearchDto], description: 'The 20 most made searches that found nothing' })
  empty_searches: StatsSearchDto[];
}
