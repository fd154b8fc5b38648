import { Body, Controller, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { TrackerProxyService } from './tracker-proxy.service.js';

/** /tracker/: the tracking service on the api's address, so the browser reaches one origin. */
@ApiExcludeController()
@Controller('tracker')
export class TrackerProxyController {
  constructor(private readonly tracker: TrackerProxyService) {}

  @Post(':call')
  async forward(
    @Param('call') call: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    const answer = await this.tracker.forward(call, body);
    void reply.status(answer.status);
    return answer.body;
  }
}
