import { applyDecorators, Controller, HttpCode, Param, Post, UseGuards, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { FilterKind, MAX_SEARCH_TEXT } from '@app/contracts';
import type { User } from '@app/db';
import { CurrentUser, OptionalJwtAuthGuard } from '../auth/guards.js';
import { PlaylistSummaryDto } from '../catalogue/dto/playlist.dto.js';
import { NamedDto, VideoLengthDto, VideoPageDto } from '../catalogue/dto/video.dto.js';
import { PageParam } from '../common/params.js';
import { FilterBody, FilterBodyDto, FilterListItemDto } from '../common/filter-body.dto.js';
import { FilterEntryDto } from './search.dto.js';
import { SearchService } from './search.service.js';

const TEXT_PARAM = {
  description: `Search text (URL-encoded, at most ${MAX_SEARCH_TEXT} characters); a single space means no text`,
  example: 'spider man',
};

/** A filter call: POST answering 200, its body the current selection, its answer `type`. */
function FilterRoute(path: string, summary: string, type: Type | [Type]): MethodDecorator {
  return applyDecorators(
    Post(path),
    HttpCode(200),
    ApiOperation({ summary }),
    ApiBody({ type: FilterBodyDto, required: false }),
    ApiOkResponse({ type }),
  );
}
const BAD_INPUT = { description: 'Page below 1, malformed filter list or search text too long' };

/** Public search and filters (spec viewer §7, DESIGN.md §2.6 and §4). All answer 200. */
@ApiTags('search')
@ApiExtraModels(FilterListItemDto)
@ApiBadRequestResponse(BAD_INPUT)
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Post('get_search_suggestions/:query')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Titles of the videos best matching the text (title, artists, composers, description), for the suggestions dropdown (at most 10)',
  })
  @ApiParam({ name: 'query', ...TEXT_PARAM })
  @ApiOkResponse({ type: [NamedDto] })
  getSearchSuggestions(@Param('query') query: string): Promise<NamedDto[]> {
    return this.search.suggestions(query);
  }

  @Post('get_search_results/:query/:page')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Videos whose title, artists, composers or description match the text (ignoring case, accents and punctuation), best matches first, 20 per page',
  })
  @ApiParam({ name: 'query', ...TEXT_PARAM })
  @ApiOkResponse({ type: VideoPageDto })
  getSearchResults(@Param('query') query: string, @PageParam() page: number): Promise<VideoPageDto> {
    return this.search.resultsByText(query, page);
  }

  @Post('get_search_playlists/:query')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Playlists whose title matches the text as video titles do, best first (at most 12): the editorial playlists ' +
      'viewers reach from the lists (visible, with a visible video) and, with a token, the caller’s own',
  })
  @ApiParam({ name: 'query', ...TEXT_PARAM })
  @ApiOkResponse({ type: [PlaylistSummaryDto] })
  getSearchPlaylists(@Param('query') query: string, @CurrentUser() user: User | null): Promise<PlaylistSummaryDto[]> {
    return this.search.playlistsByText(query, user?.id ?? null);
  }

  @FilterRoute('get_filter_results/:page', 'Videos matching the filter list, newest first, 20 per page', VideoPageDto)
  getFilterResults(@PageParam() page: number, @FilterBody() body: FilterBodyDto): Promise<VideoPageDto> {
    return this.search.resultsByFilters(body.data, page);
  }

  @FilterRoute('get_videos_length_for_filter', 'Number of videos matching the filter list', VideoLengthDto)
  @UseGuards(OptionalJwtAuthGuard)
  getVideosLengthForFilter(@FilterBody() body: FilterBodyDto): Promise<VideoLengthDto> {
    return this.search.countByFilters(body.data);
  }

  @FilterRoute(
    'get_artists_for_filter/:x/:page',
    'Artists (kind 7) matching the text that still have videos under the selection',
    [FilterEntryDto],
  )
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  getArtistsForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @FilterBody() body: FilterBodyDto,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Artist, x, body.data, page);
  }

  @FilterRoute(
    'get_composers_for_filter/:x/:page',
    'Composers (kind 3) matching the text that still have videos under the selection',
    [FilterEntryDto],
  )
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  getComposersForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @FilterBody() body: FilterBodyDto,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Composer, x, body.data, page);
  }

  @FilterRoute(
    'get_tags_for_filter/:x/:page',
    'Tags (kind 2) matching the text that still have videos under the selection',
    [FilterEntryDto],
  )
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  getTagsForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @FilterBody() body: FilterBodyDto,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Tag, x, body.data, page);
  }

  @FilterRoute(
    'get_videogenres_for_filter/:x/:page',
    'Video genres (kind 8) matching the text that still have videos under the selection',
    [FilterEntryDto],
  )
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  getVideoGenresForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @FilterBody() body: FilterBodyDto,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.VideoGenre, x, body.data, page);
  }

  @FilterRoute('get_genres_for_filter', 'Genres (kind 4) that still have videos under the selection', [FilterEntryDto])
  getGenresForFilter(@FilterBody() body: FilterBodyDto): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Genre, null, body.data, null);
  }

  @FilterRoute('get_moods_for_filter', 'Moods (kind 5) that still have videos under the selection', [FilterEntryDto])
  getMoodsForFilter(@FilterBody() body: FilterBodyDto): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Mood, null, body.data, null);
  }

  @FilterRoute(
    'get_activities/:query/:page',
    'Activities (kind 6) matching the text that have videos under the selection, 20 per page',
    [FilterEntryDto],
  )
  @ApiParam({ name: 'query', ...TEXT_PARAM })
  getActivities(
    @Param('query') query: string,
    @PageParam() page: number,
    @FilterBody() body: FilterBodyDto,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Activity, query, body.data, page);
  }
}
