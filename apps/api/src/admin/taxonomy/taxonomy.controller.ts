import { BadRequestException, Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiParam } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.js';
import { IdParam } from '../../common/params.js';
import {
  AdminMergeDto,
  AdminRenameDto,
  AdminTaxonomyChangeDto,
  AdminTaxonomyItemDto,
  AdminTaxonomyListDto,
  AdminTaxonomyQueryDto,
  TAXONOMY_KINDS,
  type TaxonomyKind,
} from './taxonomy.dto.js';
import { TaxonomyService } from './taxonomy.service.js';

const KIND_DOC = { name: 'kind', enum: TAXONOMY_KINDS };

/** The `:kind` path segment: one of the managed name lists, else 400. */
const KindParam = () =>
  Param('kind', {
    transform: (value: string): TaxonomyKind => {
      if (!(TAXONOMY_KINDS as readonly string[]).includes(value)) {
        throw new BadRequestException({ message: `kind must be one of ${TAXONOMY_KINDS.join(', ')}` });
      }
      return value as TaxonomyKind;
    },
  });

@AdminController()
export class TaxonomyController {
  constructor(private readonly taxonomy: TaxonomyService) {}

  @Get('admin/taxonomy/:kind')
  @ApiOperation({ summary: 'Tags, video genres, moods, genres or activities with how many videos and others use each' })
  @ApiParam(KIND_DOC)
  @ApiOkResponse({ type: AdminTaxonomyListDto })
  list(@KindParam() kind: TaxonomyKind, @Query() query: AdminTaxonomyQueryDto): Promise<AdminTaxonomyListDto> {
    return this.taxonomy.list(kind, query);
  }

  @Put('admin/taxonomy/:kind/:id')
  @ApiOperation({ summary: 'Rename' })
  @ApiParam(KIND_DOC)
  @ApiOkResponse({ type: AdminTaxonomyItemDto })
  @ApiConflictResponse({ description: 'Another name of this kind has this title (merge instead)' })
  rename(
    @KindParam() kind: TaxonomyKind,
    @IdParam('id') id: number,
    @Body() body: AdminRenameDto,
  ): Promise<AdminTaxonomyItemDto> {
    return this.taxonomy.rename(kind, id, body.title);
  }

  @Post('admin/taxonomy/:kind/:id/merge')
  @HttpCode(200)
  @ApiOperation({ summary: 'Merge into another name: every use moves (none doubled), then this one is deleted' })
  @ApiParam(KIND_DOC)
  @ApiOkResponse({ type: AdminTaxonomyChangeDto })
  merge(
    @KindParam() kind: TaxonomyKind,
    @IdParam('id') id: number,
    @Body() body: AdminMergeDto,
  ): Promise<AdminTaxonomyChangeDto> {
    return this.taxonomy.merge(kind, id, body.into);
  }

  @Delete('admin/taxonomy/:kind/:id')
  @ApiOperation({ summary: 'Delete a name and its links (the answer says how many uses went)' })
  @ApiParam(KIND_DOC)
  @ApiOkResponse({ type: AdminTaxonomyChangeDto })
  delete(@KindParam() kind: TaxonomyKind, @IdParam('id') id: number): Promise<AdminTaxonomyChangeDto> {
    return this.taxonomy.delete(kind, id);
  }
}
