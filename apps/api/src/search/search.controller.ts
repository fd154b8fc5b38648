import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { FilterKind } from '@app/contracts';
import { OptionalJwtAuthGuard } from '../auth/guards.js';
import { NamedDto, VideoLengthDto, VideoPageDto } from '../catalogue/dto/video.dto.js';
import { PageParam } from '../catalogue/params.js';
import { FilterBodyDto, FilterEntryDto, FilterListItemDto } from './search.dto.js';
import { SearchService } from './search.service.js';

const TEXT_PARAM = {
  description: 'Search text (URL-encoded, at most 200 characters); a single space means no text',
  example: 'spider man',
};
const FILTER_BODY = { type: FilterBodyDto, required: false };
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

  @Post('get_filter_results/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Videos matching the filter list, newest first, 20 per page' })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: VideoPageDto })
  getFilterResults(@PageParam() page: number, @Body() body: unknown): Promise<VideoPageDto> {
    return this.search.resultsByFilters(body, page);
  }

  @Post('get_videos_length_for_filter')
  @HttpCode(200)
  @UseGuards(OptionalJwtAuthGuard)
  @ApiOperation({ summary: 'Number of videos matching the filter list' })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: VideoLengthDto })
  getVideosLengthForFilter(@Body() body: unknown): Promise<VideoLengthDto> {
    return this.search.countByFilters(body);
  }

  @Post('get_artists_for_filter/:x/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Artists (kind 7) matching the text that still have videos under the selection' })
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getArtistsForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @Body() body: unknown,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Artist, x, body, page);
  }

  @Post('get_composers_for_filter/:x/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Composers (kind 3) matching the text that still have videos under the selection' })
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getComposersForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @Body() body: unknown,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Composer, x, body, page);
  }

  @Post('get_tags_for_filter/:x/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Tags (kind 2) matching the text that still have videos under the selection' })
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getTagsForFilter(@Param('x') x: string, @PageParam() page: number, @Body() body: unknown): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Tag, x, body, page);
  }

  @Post('get_videogenres_for_filter/:x/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Video genres (kind 8) matching the text that still have videos under the selection' })
  @ApiParam({ name: 'x', ...TEXT_PARAM })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getVideoGenresForFilter(
    @Param('x') x: string,
    @PageParam() page: number,
    @Body() body: unknown,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.VideoGenre, x, body, page);
  }

  @Post('get_genres_for_filter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Genres (kind 4) that still have videos under the selection' })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getGenresForFilter(@Body() body: unknown): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Genre, null, body, null);
  }

  @Post('get_moods_for_filter')
  @HttpCode(200)
  @ApiOperation({ summary: 'Moods (kind 5) that still have videos under the selection' })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getMoodsForFilter(@Body() body: unknown): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Mood, null, body, null);
  }

  @Post('get_activities/:query/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Activities (kind 6) matching the text that have videos under the selection, 20 per page' })
  @ApiParam({ name: 'query', ...TEXT_PARAM })
  @ApiBody(FILTER_BODY)
  @ApiOkResponse({ type: [FilterEntryDto] })
  getActivities(
    @Param('query') query: string,
    @PageParam() page: number,
    @Body() body: unknown,
  ): Promise<FilterEntryDto[]> {
    return this.search.facet(FilterKind.Activity, query, body, page);
  }
}
