import { ApiProperty } from '@nestjs/swagger';

/** `{id, title}`: genres, moods, tags, video genres and suggestion entries. */
export class AdminIdTitleDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'Jazz' })
  title: string;
}

/** What every admin list row starts with: a video, playlist or category with its access. */
export class AdminListItemDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: [0, 1], description: '1 = ON (visible to viewers)' })
  status: number;
}

export class AdminMessageDto {
  @ApiProperty({ example: 'Playlist Has Been Deleted' })
  message: string;
}

/** A removal's answer: what happened, and the revision of the playlist or theme it changed. */
export class AdminRevisionMessageDto extends AdminMessageDto {
  @ApiProperty({
    description: "The playlist's or theme's revision after the change: what its edit form sends next as revision",
  })
  revision: number;
}
