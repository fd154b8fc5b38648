import { BadGatewayException, Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppConfig } from '@app/config';

const TRACKER_CALLS = new Set(['get_info_by_wm_nums', 'get_info_by_fp_nums']);

/**
 * The tracking service is a separate process (DESIGN.md §1); the api forwards /tracker/ calls to
 * it so the browser reaches the whole product on one address.
 */
@ApiExcludeController()
@Controller('tracker')
export class TrackerProxyController {
  constructor(private readonly config: AppConfig) {}

  @Post(':call')
  @HttpCode(200)
  async forward(@Param('call') call: string, @Body() body: unknown): Promise<unknown> {
    if (!TRACKER_CALLS.has(call)) throw new BadGatewayException({ message: `Unknown tracker call: ${call}` });
    let response: Response;
    try {
      response = await fetch(`${this.config.TRACKER_URL}/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new BadGatewayException({ message: 'The tracking service is not reachable' });
    }
    return response.json();
  }
}
