import { ApiProperty } from '@nestjs/swagger';

export class WaveformDto {
  @ApiProperty({ description: 'Seconds of audio the peaks cover' })
  duration!: number;

  @ApiProperty({
    type: [Number],
    description: 'Loudest sample of each equal slice of the audio (0..1), about 1500 of them',
  })
  peaks!: number[];
}
