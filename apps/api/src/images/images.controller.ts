import {
  applyDecorators,
  BadRequestException,
  Controller,
  createParamDecorator,
  Get,
  Param,
  Res,
  StreamableFile,
  type ExecutionContext,
} from '@nestjs/common';
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_SIZES, ImageKind, type ImageSize } from '@app/contracts';
import { MAX_INT, parsePositiveInt } from '../common/params.js';
import { SIGNED } from '../media/media-signer.js';
import { etagMatches } from '../storage/stored-object-reply.js';
import { ImagesService } from './images.service.js';

const KINDS = new Set<string>(Object.values(ImageKind));
/**
 * The unversioned address names an object, not a stored file: replacing a thumbnail changes
 * the image at the same address. So browsers and CDNs keep it but ask again each time (a 304
 * on its ETag).
 */
const CACHE = 'public, no-cache';
/**
 * A versioned address (`…/{size}/{version}/`, DESIGN.md §10) names one stored picture at one
 * size: a replaced picture gets a new version, so browsers and CDNs keep it for a year.
 */
const VERSIONED_CACHE = 'public, max-age=31536000, immutable';
/** A signed address names one item for a while: the staff's browser keeps it, no CDN does. */
const STAFF_CACHE = 'private, no-cache';

/** What an image request asks for: the `{kind}/{id}/{size}` of its path and two headers. */
interface ImageRequest {
  kind: ImageKind;
  id: number;
  size: ImageSize;
  acceptsWebp: boolean;
  ifNoneMatch: string | undefined;
}

const WantedImage = createParamDecorator((_: unknown, context: ExecutionContext): ImageRequest => {
  const request = context.switchToHttp().getRequest<FastifyRequest<{ Params: Record<string, string> }>>();
  const { kind, id, size } = request.params;
  return {
    kind: checkKind(kind),
    id: parsePositiveInt('id', id),
    size: checkSize(size),
    acceptsWebp: /image\/webp/.test(request.headers.accept ?? ''),
    ifNoneMatch: request.headers['if-none-match'],
  };
});

/** The route and documentation both image addresses share. */
function ImageRoute(path: string, summary: string, notFound: string): MethodDecorator {
  return applyDecorators(
    Get(path),
    ApiOperation({ summary }),
    ApiParam({ name: 'kind', enum: ImageKind }),
    ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1, maximum: MAX_INT } }),
    ApiParam({ name: 'size', enum: [...IMAGE_SIZES] }),
    ApiProduces('image/webp', 'image/jpeg', 'image/png'),
    ApiOkResponse({
      description: 'The image (WebP when accepted, else JPEG); revalidated by ETag',
      schema: { type: 'string', format: 'binary' },
    }),
    ApiResponse({ status: 304, description: 'Not modified (If-None-Match)' }),
    ApiBadRequestResponse({ description: 'Unknown kind or size, or a bad id' }),
    ApiNotFoundResponse({ description: notFound }),
  );
}

/** Thumbnails and pictures by object kind, id and width (DESIGN.md §2.14). */
@ApiTags('images')
@Controller()
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @ImageRoute(
    'image/:kind/:id/:size',
    'The image of a video, playlist, genre, category, member, album or banner, 300 or 600 px wide',
    'No such object, it has no image, or its access is off (show the default cover)',
  )
  getImage(
    @WantedImage() wanted: ImageRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    return this.send(wanted, false, reply);
  }

  @ImageRoute(
    'image/:kind/:id/:size/:version',
    'The same image at a versioned address (the version of the picture it names), kept by caches for a year',
    'No such object, it has no image, or its access is off (show the default cover)',
  )
  @ApiParam({
    name: 'version',
    description: 'The version of the stored picture, as the api’s answers hand it out (their `images`)',
  })
  getVersionedImage(
    @WantedImage() wanted: ImageRequest,
    @Param('version') version: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    if (!/^[\w-]{1,64}$/.test(version)) throw new BadRequestException({ message: 'version is not an image version' });
    return this.send(wanted, false, reply, version);
  }

  @ImageRoute(
    `image/${SIGNED}/:expires/:signature/:kind/:id/:size`,
    'The image of any item, its access on or off, through a signed staff address',
    'No such object or it has no image',
  )
  @ApiParam({ name: 'expires', description: 'Unix seconds after which the address stops working' })
  @ApiParam({ name: 'signature', description: 'HMAC-SHA256 of the expiry and `image/{kind}/{id}/`' })
  @ApiForbiddenResponse({ description: 'The signature is wrong or has expired' })
  getSignedImage(
    @Param('expires') expires: string,
    @Param('signature') signature: string,
    @WantedImage() wanted: ImageRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | undefined> {
    this.images.checkSigned(wanted.kind, wanted.id, expires, signature);
    return this.send(wanted, true, reply);
  }

  /**
   * Staff images (signed) are kept by no shared cache; an unversioned image is the same until
   * its ETag changes. A versioned one is kept for a year only when the address names what is
   * served for good: the current picture (an old version gets today's picture, revalidated)
   * at its resized size (the original stands in only until the resize job has run).
   */
  private async send(
    wanted: ImageRequest,
    staff: boolean,
    reply: FastifyReply,
    version?: string,
  ): Promise<StreamableFile | undefined> {
    const found = await this.images.locate(wanted.kind, wanted.id, wanted.size, wanted.acceptsWebp, staff);
    const immutable = version !== undefined && version === found.version && found.resized;
    void reply
      .header('ETag', found.info.etag)
      .header('Cache-Control', staff ? STAFF_CACHE : immutable ? VERSIONED_CACHE : CACHE)
      .header('Vary', 'Accept');
    if (etagMatches(wanted.ifNoneMatch, found.info.etag)) {
      void reply.status(304);
      return undefined;
    }
    const image = await this.images.open(found.key);
    return new StreamableFile(image.body, { type: image.contentType, length: image.contentLength });
  }
}

function checkKind(kind: string | undefined): ImageKind {
  if (kind === undefined || !KINDS.has(kind)) {
    throw new BadRequestException({ message: `kind must be one of ${[...KINDS].join(', ')}` });
  }
  return kind as ImageKind;
}

function checkSize(size: string | undefined): ImageSize {
  if (size === undefined || !/^\d+$/.test(size) || !(IMAGE_SIZES as readonly number[]).includes(Number(size))) {
    throw new BadRequestException({ message: `size must be one of ${IMAGE_SIZES.join(', ')}` });
  }
  return Number(size) as ImageSize;
}
