import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { assertReady } from '@app/common';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('healthz')
  healthz(): { status: string } {
    return { status: 'ok' };
  }

  /**
   * Ready (DESIGN.md §9): the tracker's only dependency is Postgres (the fingerprint index and
   * watermark registry live there; it uses neither Redis nor storage, so their outages must not
   * take it out of the load balancer).
   */
  @Get('readyz')
  @Header('cache-control', 'no-store')
  readyz(): Promise<{ status: string }> {
    return assertReady([{ name: 'Postgres', probe: () => this.dataSource.query('SELECT 1') }]);
  }
}
