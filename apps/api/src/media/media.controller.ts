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
import { MediaAccessService, type MediaAnswer, type MediaDecision } from './media-access.service.js';
import { SIGNED } from './media-signer.js';

const NOT_FOUND = { message: 'Media not found' };
const MESSAGES: Record<Exclude<MediaDecision, 'allowed'>, string> = {
  'not-found': NOT_FOUND.message,
  expired: 'This media address has expired',
  invalid: 'This media address is not valid',
};

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

  @Get('access/*')
  @ApiOperation({
    summary: 'Whether a stream may be served: asked by nginx before it serves the files itself',
    description:
      'The address is the scope of a media address: `hls/{videoId}/` or `excerpts/`, behind ' +
      '`s/{expires}/{signature}/` for a signed one. nginx keeps the answer for a second per scope ' +
      '(infra/docker/nginx.conf). 403 also stands for "not found" (nginx passes on only 401 and 403 ' +
      'from its access check): `X-Media-Denied` says which answer the file request gets.',
  })
  @ApiParam({ name: '*', description: 'The scope, e.g. `hls/12/` or `s/1767225600/{signature}/hls/12/`' })
  @ApiResponse({
    status: 200,
    description: 'Allowed; X-Media-Cache-Playlist and X-Media-Cache-File carry the Cache-Control to send',
  })
  @ApiForbiddenResponse({ description: 'Not allowed; X-Media-Denied is not-found, expired or invalid' })
  @ApiNotFoundResponse({ description: 'Not a scope' })
  async decide(@Param('*') address: string, @Res() reply: FastifyReply): Promise<void> {
    const answer = await this.access.decideScope(address ?? '');
    if (!answer) throw new NotFoundException(NOT_FOUND);
    void reply.header('cache-control', 'no-store');
    if (answer.decision === 'allowed') {
      await reply
        .header('x-media-cache-playlist', answer.playlistCache)
        .header('x-media-cache-file', answer.fileCache)
        .code(200)
        .send();
      return;
    }
    await reply.header('x-media-denied', answer.decision).code(403).send({ message: MESSAGES[answer.decision] });
  }

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
    const answer = await this.access.decideKey(key ?? '', { expires, signature });
    await this.send(key, answer, rangeHeader, ifNoneMatch, reply);
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
    const answer = await this.access.decideKey(key ?? '');
    await this.send(key, answer, rangeHeader, ifNoneMatch, reply);
  }

  private async send(
    key: string,
    answer: MediaAnswer,
    rangeHeader: string | undefined,
    ifNoneMatch: string | undefined,
    reply: FastifyReply,
  ): Promise<void> {
    if (answer.decision === 'not-found') throw new NotFoundException(NOT_FOUND);
    if (answer.decision !== 'allowed') throw new ForbiddenException({ message: MESSAGES[answer.decision] });
    const sent = await sendStoredObject(
      reply,
      this.storage,
      key,
      { range: rangeHeader, ifNoneMatch },
      key.endsWith('.m3u8') ? answer.playlistCache : answer.fileCache,
    );
    if (!sent) throw new NotFoundException(NOT_FOUND);
  }
}
