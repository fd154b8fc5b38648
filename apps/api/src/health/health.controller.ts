import { Controller, Get, HttpCode, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';

@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** Alive: the process answers. */
  @Get('healthz')
  @HttpCode(200)
  healthz(): { status: string } {
    return { status: 'ok' };
  }

  /** Ready: Postgres answers (Redis and storage are checked by their own modules' probes). */
  @Get('readyz')
  async readyz(): Promise<{ status: string }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ServiceUnavailableException({ message: 'Database is not reachable' });
    }
    return { status: 'ok' };
  }
}
