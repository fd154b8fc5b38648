import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';
import { LISTED_NAME_PATTERN, tidyName } from '@app/contracts';
import { AdminIdTitleDto } from '../common/answers.dto.js';

const VALID_NAME = 'Please, Provide Valid Name';

/** A new video genre or tag (spec §5): letters, digits and spaces, more than 1 character. */
export class AdminNewNameDto {
  @ApiProperty({ example: 'live session', description: 'Letters, digits and spaces; 2 to 100 characters' })
  @Transform(({ value }) => (typeof value === 'string' ? tidyName(value) : value))
  @IsString({ message: VALID_NAME })
  @Matches(LISTED_NAME_PATTERN, { message: VALID_NAME })
  @MaxLength(100, { message: VALID_NAME })
  title: string;
}

export class AdminAlbumGenreDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;
}

export class AdminAlbumDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ example: 'CU-0042' })
  catalogue_num: string;

  @ApiProperty({ type: AdminAlbumGenreDto, nullable: true })
  genre: AdminAlbumGenreDto | null;

  @ApiProperty()
  number_of_tracks: number;

  @ApiProperty({ description: 'Seconds' })
  duration: number;
}

export class AdminAlbumListDto {
  @ApiProperty({ type: [AdminAlbumDto] })
  albums: AdminAlbumDto[];

  @ApiProperty({ description: 'Albums matching the query, all pages' })
  albumsLength: number;
}

export class AdminAlbumsLengthDto {
  @ApiProperty()
  albumsLength: number;
}

export class AdminAlbumTrackDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  position: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'Genre title, "" when none' })
  genre: string;

  @ApiProperty({ description: 'Composers, comma separated' })
  composers: string;

  @ApiProperty({ description: 'Artists, comma separated' })
  artists: string;

  @ApiProperty({ description: 'Seconds' })
  duration: number;
}

export class AdminAlbumTrackListDto {
  @ApiProperty({ type: [AdminAlbumTrackDto] })
  tracks: AdminAlbumTrackDto[];

  @ApiProperty({ description: 'Tracks of the album, all pages' })
  tracksLength: number;
}

export class AdminTracksLengthDto {
  @ApiProperty()
  tracksLength: number;
}

export { AdminIdTitleDto };
