import { ApiProperty } from '@nestjs/swagger';

/** `{id, title}`: genres, moods, tags, video genres and suggestion entries. */
export class AdminIdTitleDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'Jazz' })
  title: string;
}

export class AdminMessageDto {
  @ApiProperty({ example: 'Playlist Has Been Deleted' })
  message: string;
}
