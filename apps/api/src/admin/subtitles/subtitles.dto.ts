import { ApiProperty } from '@nestjs/swagger';

export class AdminSubtitleDto {
  @ApiProperty({ example: 'pt-BR', description: 'BCP-47 language tag (canonical form)' })
  language: string;

  @ApiProperty({ example: 'Português (letra)' })
  label: string;

  @ApiProperty({ example: 42, description: 'Number of cues in the file' })
  cues: number;

  @ApiProperty({ description: 'Signed address of the WebVTT file (works while the video is hidden)' })
  src: string;

  @ApiProperty({ example: '2026-11-26T04:00:00.000Z' })
  updated_at: string;
}

export class AdminSubtitleFormDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'WebVTT or SubRip (.srt), UTF-8, at most 512 KB' })
  file: unknown;

  @ApiProperty({ example: 'en', description: 'BCP-47 language tag; a file of the same language is replaced' })
  language: string;

  @ApiProperty({
    example: 'English lyrics',
    required: false,
    description: 'Name in the player menu (default: the language name)',
  })
  label?: string;
}
