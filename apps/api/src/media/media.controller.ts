import { Controller, ForbiddenException, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { StorageDriver } from '@app/media';
import { InjectStorage } from '../storage/storage.module.js';
import { sendStoredObject } from '../storage/stored-object-reply.js';
import { MediaAccessService } from './media-access.service.js';
import { SIGNED } from './media-signer.js';

const NOT_FOUND = { message: 'Media not found' };
/** A year: segments never change under their ladder's fresh prefix. */
const IMMUTABLE_SECONDS = 31_536_000;
/**
 * How long a shared cache (CDN, proxy) may answer for the api before it asks again: switching
 * a video off reaches viewers through a CDN within this time. Browsers keep segments longer.
 */
const SHARED_SECONDS = 60;

/**
 * Serves HLS playlists and segments (and excerpts) from storage, with Range requests and
 * ETags. The streams of videos whose access is off answer 404 at their public address and are
 * served only through a signed staff address (`s/{expires}/{signature}/hls/…`, MediaSigner),
 * which the playlists' relative addresses carry on to every segment.
 */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(
    @InjectStorage() private readonly storage: StorageDriver,
    private readonly access: MediaAccessService,
  ) {}

  @Get(`${SIGNED}/:expires/:signature/*`)
  @ApiOperation({ summary: 'An HLS playlist or segment of any video, through a signed staff address' })
  @ApiParam({ name: 'expires', description: 'Unix seconds after which the address stops working' })
  @ApiParam({ name: 'signature', description: 'HMAC-SHA256 of the expiry and the video’s ladder prefix' })
  @ApiProduces('application/vnd.apple.mpegurl', 'video/iso.segment', 'video/mp4')
  @ApiResponse({ status: 200, description: 'The playlist or segment (206 for a Range)' })
  @ApiForbiddenResponse({ description: 'The signature is wrong or has expired' })
  @ApiNotFoundResponse({ description: 'No such object' })
  async serveSigned(
    @Param('expires') expires: string,
    @Param('signature') signature: string,
    @Param('*') key: string,
    @Headers('range') rangeHeader: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const check = this.access.checkSigned(key ?? '', expires, signature);
    if (check !== 'valid') {
      throw new ForbiddenException({
        message: check === 'expired' ? 'This media address has expired' : 'This media address is not valid',
      });
    }
    // Staff only, for as long as the address works: never kept by a shared cache.
    const left = Math.max(0, Number(expires) - Math.floor(Date.now() / 1000));
    await this.send(key, rangeHeader, ifNoneMatch, reply, (playlist) =>
      playlist ? 'private, max-age=60' : `private, max-age=${left}`,
    );
  }

  @Get('*')
  @ApiOperation({ summary: 'An HLS playlist or segment of a visible video, or a prelistening excerpt' })
  @ApiProduces('application/vnd.apple.mpegurl', 'video/iso.segment', 'video/mp4', 'audio/mp4')
  @ApiResponse({ status: 200, description: 'The playlist, segment or excerpt (206 for a Range)' })
  @ApiNotFoundResponse({ description: 'No such object, or its video’s access is off' })
  async serve(
    @Param('*') key: string,
    @Headers('range') rangeHeader: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!(await this.access.isPublic(key ?? ''))) throw new NotFoundException(NOT_FOUND);
    await this.send(key, rangeHeader, ifNoneMatch, reply, (playlist) =>
      playlist ? `public, max-age=60` : `public, max-age=${IMMUTABLE_SECONDS}, s-maxage=${SHARED_SECONDS}, immutable`,
    );
  }

  private async send(
    key: string,
    rangeHeader: string | undefined,
    ifNoneMatch: string | undefined,
    reply: FastifyReply,
    cacheControl: (playlist: boolean) => string,
  ): Promise<void> {
    // Playlists are small and re-read; segments are immutable under their fresh prefix.
    const sent = await sendStoredObject(
      reply,
      this.storage,
      key,
      { range: rangeHeader, ifNoneMatch },
      cacheControl(key.endsWith('.m3u8')),
    );
    if (!sent) throw new NotFoundException(NOT_FOUND);
  }
}
