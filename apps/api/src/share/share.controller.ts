import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { IdParam } from '../common/params.js';
import { escapeHtml } from './share-page.js';
import { ShareService } from './share.service.js';

/** Share links for social networks (DESIGN.md §2.13), outside the API prefix. */
@ApiTags('share')
@Controller('share')
export class ShareController {
  constructor(private readonly share: ShareService) {}

  @Get(':videoId/:playlistId/:groupId')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'HTML with Open Graph and Twitter card tags that forwards to /home?g&p&v' })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'The share page', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'No visible video with this id (an HTML page with a link home)' })
  async sharePage(
    @IdParam('videoId') videoId: number,
    @IdParam('playlistId') playlistId: number,
    @IdParam('groupId') groupId: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const html = await this.share.page(videoId, playlistId, groupId);
    if (html) return html;
    void reply.status(404);
    const home = escapeHtml(this.share.playerUrl(videoId, playlistId, groupId).replace(/\/home\?.*$/, '/'));
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Video not found | CUVIEW TV</title></head><body><p>This video is not available. <a href="${home}">Go to CUVIEW TV</a></p></body></html>\n`;
  }
}
