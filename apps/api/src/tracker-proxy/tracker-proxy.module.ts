import { Module } from '@nestjs/common';
import { TrackerProxyController } from './tracker-proxy.controller.js';
import { TrackerProxyService } from './tracker-proxy.service.js';

@Module({
  controllers: [TrackerProxyController],
  providers: [TrackerProxyService],
})
export class TrackerProxyModule {}
