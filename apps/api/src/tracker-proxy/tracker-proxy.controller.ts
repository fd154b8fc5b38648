import {
  BadGatewayException,
  Body,
  Controller,
  HttpCode,
  HttpException,
  Param,
  Post,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppConfig } from '@app/config';

const UNAVAILABLE = 'The tracking service is not available right now, please try again';

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
      // Down, restarting or too slow: a dependency outage (DESIGN.md §2.3), worth a retry.
      throw new ServiceUnavailableException({ message: UNAVAILABLE });
    }
    if (response.status >= 500) throw new ServiceUnavailableException({ message: UNAVAILABLE });
    const answer: unknown = await response.json().catch(() => null);
    // The tracker's own refusals (a malformed query) reach the client as they are.
    if (!response.ok)
      throw new HttpException(answer ?? { message: 'The tracking service refused the query' }, response.status);
    return answer;
  }
}
