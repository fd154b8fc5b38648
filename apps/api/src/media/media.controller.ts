import { Controller, Get, Headers, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { StorageKeyError, StorageNotFoundError, StorageRangeError, type StorageDriver } from '@app/media';
import { InjectStorage } from '../storage/storage.module.js';

/** Only what a viewer's player fetches: HLS ladders and prelistening excerpts. Originals stay private. */
const PUBLIC_KINDS = /^(hls|excerpts)\//;

function parseRange(header: string | undefined): { start: number; end?: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') return 'invalid'; // suffix ranges are not needed by players
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  if (end !== undefined && end < start) return 'invalid';
  return { start, end };
}

/**
 * Serves HLS playlists and segments (and excerpts) from the local storage, with Range requests,
 * ETags and long cache headers for segments, which never change once written: a new ladder
 * goes to a fresh prefix.
 */
@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(@InjectStorage() private readonly storage: StorageDriver) {}

  @Get('*')
  @ApiOperation({ summary: 'An HLS playlist, segment or prelistening excerpt' })
  async serve(
    @Param('*') key: string,
    @Headers('range') rangeHeader: string | undefined,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!PUBLIC_KINDS.test(key ?? '')) throw new NotFoundException({ message: 'Media not found' });
    const range = parseRange(rangeHeader);
    try {
      const info = await this.storage.stat(key);
      if (!info) throw new NotFoundException({ message: 'Media not found' });
      const playlist = key.endsWith('.m3u8');
      reply.header('etag', info.etag);
      reply.header('accept-ranges', 'bytes');
      reply.header('last-modified', info.lastModified.toUTCString());
      // Playlists are small and re-read; segments are immutable under their fresh prefix.
      reply.header('cache-control', playlist ? 'public, max-age=60' : 'public, max-age=31536000, immutable');
      if (ifNoneMatch && ifNoneMatch === info.etag) {
        await reply.status(304).send();
        return;
      }
      if (range === 'invalid') {
        await reply.status(416).header('content-range', `bytes */${info.size}`).send({ message: 'Invalid range' });
        return;
      }
      const object = await this.storage.get(key, range ?? undefined);
      reply.header('content-type', object.contentType);
      reply.header('content-length', String(object.contentLength));
      if (range) {
        reply.status(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
      }
      await reply.send(object.body);
    } catch (error) {
      if (error instanceof StorageNotFoundError || error instanceof StorageKeyError) {
        throw new NotFoundException({ message: 'Media not found' });
      }
      if (error instanceof StorageRangeError) {
        await reply
          .status(416)
          .header('content-range', `bytes */${(await this.storage.stat(key))?.size ?? 0}`)
          .send({
            message: 'Range not satisfiable',
          });
        return;
      }
      throw error;
    }
  }
}
