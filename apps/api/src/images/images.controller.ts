import { BadRequestException, Controller, Get, Headers, Param, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IMAGE_SIZES, ImageKind, type ImageSize } from '@app/contracts';
import { IdParam } from '../catalogue/params.js';
import { SIGNED } from '../media/media-signer.js';
import { ImagesService } from './images.service.js';

const KINDS = new Set<string>(Object.values(ImageKind));
/**
 * The address names an object, not a stored file: replacing a thumbnail changes the image at
 * the same address. So browsers and CDNs keep it but ask again each time (a 304 on its ETag).
 */
const CACHE = 'public, no-cache';
/** A signed address names one item for a while: the staff's browser keeps it, no CDN does. */
const STAFF_CACHE = 'private, no-cache';

/** Thumbnails and pictures by object kind, id and width (DESIGN.md §2.14). */
@ApiTags('images')
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get('image/:kind/:id/:size')
  @ApiOperation({ summary: 'The image of a video, playlist, genre, category, member or album, 300 or 600 px wide' })
  @ApiParam({ name: 'kind', enum: ImageKind })
  @ApiParam({ name: 'size', enum: [...IMAGE_SIZES] })
  @ApiProduces('image/webp', 'image/jpeg', 'image/png')
  @ApiOkResponse({
    description: 'The image (WebP when accepted, else JPEG); cached, revalidated by ETag',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' })
  @ApiBadRequestResponse({ description: 'Unknown kind or size, or a bad id' })
  @ApiNotFoundResponse({
    description: 'No such object, it has no image, or its access is off (show the default cover)',
  })
  async getImage(
    @Param('kind') kind: string,
    @IdParam('id') id: number,
    @Param('size') size: string,
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    return this.send({ kind: checkKind(kind), id, size: checkSize(size) }, CACHE, accept, ifNoneMatch, reply);
  }

  @Get(`image/${SIGNED}/:expires/:signature/:kind/:id/:size`)
  @ApiOperation({ summary: 'The image of any item, its access on or off, through a signed staff address' })
  @ApiParam({ name: 'expires', description: 'Unix seconds after which the address stops working' })
  @ApiParam({ name: 'signature', description: 'HMAC-SHA256 of the expiry and `image/{kind}/{id}/`' })
  @ApiParam({ name: 'kind', enum: ImageKind })
  @ApiParam({ name: 'size', enum: [...IMAGE_SIZES] })
  @ApiProduces('image/webp', 'image/jpeg', 'image/png')
  @ApiOkResponse({
    description: 'The image (WebP when accepted, else JPEG)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' })
  @ApiBadRequestResponse({ description: 'Unknown kind or size, or a bad id' })
  @ApiForbiddenResponse({ description: 'The signature is wrong or has expired' })
  @ApiNotFoundResponse({ description: 'No such object or it has no image' })
  async getSignedImage(
    @Param('expires') expires: string,
    @Param('signature') signature: string,
    @Param('kind') kind: string,
    @IdParam('id') id: number,
    @Param('size') size: string,
    @Headers('accept') accept: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const wanted = { kind: checkKind(kind), id, size: checkSize(size) };
    this.images.checkSigned(wanted.kind, id, expires, signature);
    // For staff only: no shared cache may keep it, and it is the same until the address expires.
    return this.send({ ...wanted, staff: true }, STAFF_CACHE, accept, ifNoneMatch, reply);
  }

  private async send(
    wanted: { kind: ImageKind; id: number; size: ImageSize; staff?: boolean },
    cacheControl: string,
    accept: string | undefined,
    ifNoneMatch: string | undefined,
    reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    const acceptsWebp = /image\/webp/.test(accept ?? '');
    const found = await this.images.locate(wanted.kind, wanted.id, wanted.size, acceptsWebp, wanted.staff);
    void reply.header('ETag', found.info.etag).header('Cache-Control', cacheControl).header('Vary', 'Accept');
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === found.info.etag)) {
      void reply.status(304);
      return undefined;
    }
    const image = await this.images.open(found.key);
    return new StreamableFile(image.body, { type: image.contentType, length: image.contentLength });
  }
}

function checkKind(kind: string): ImageKind {
  if (!KINDS.has(kind)) {
    throw new BadRequestException({ message: `kind must be one of ${[...KINDS].join(', ')}` });
  }
  return kind as ImageKind;
}

function checkSize(size: string): ImageSize {
  if (!(IMAGE_SIZES as readonly number[]).includes(Number(size)) || !/^\d+$/.test(size)) {
    throw new BadRequestException({ message: `size must be one of ${IMAGE_SIZES.join(', ')}` });
  }
  return Number(size) as ImageSize;
}
