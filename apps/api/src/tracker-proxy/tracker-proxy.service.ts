import { HttpException, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { AppConfig } from '@app/config';

/** The calls the tracking service answers (apps/tracker's LookupController). */
const TRACKER_CALLS = new Set(['get_info_by_wm_nums', 'get_info_by_fp_nums']);

/** A lookup is one indexed query; a tracker that takes longer than this is not answering. */
const TRACKER_TIMEOUT_MS = 10_000;

export interface TrackerAnswer {
  status: number;
  body: unknown;
}

/**
 * Forwards /tracker/ calls to the tracking service, a separate process (DESIGN.md §1). What the
 * tracker refuses is the client's to read (its 4xx status and message pass through); a tracker
 * that is down, restarting, slow or broken is a dependency outage: 503 with a message
 * (DESIGN.md §2.3), never a 502 or 500.
 */
@Injectable()
export class TrackerProxyService {
  private readonly logger = new Logger('TrackerProxy');

  constructor(private readonly config: AppConfig) {}

  async forward(call: string, body: unknown): Promise<TrackerAnswer> {
    if (!TRACKER_CALLS.has(call)) {
      throw new NotFoundException({ message: `Unknown tracker call: ${printable(call)}` });
    }
    // Outside the try: a body that cannot be serialised is not the tracker's outage. (The
    // api's edge checks bound its depth, so JSON.stringify's recursion cannot overflow.)
    const payload = JSON.stringify(body ?? {});
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.config.TRACKER_URL}/${call}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(TRACKER_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      this.logger.warn(`tracker ${call}: ${describe(error)}`);
      throw unavailable();
    }
    const answer = parseJson(text);
    if (status >= 200 && status < 300 && answer !== undefined) return { status, body: answer };
    if (status >= 400 && status < 500) {
      const message = (answer as { message?: unknown } | undefined)?.message;
      throw new HttpException(
        { message: typeof message === 'string' ? message : 'The tracking service refused the request' },
        status,
      );
    }
    this.logger.warn(`tracker ${call} answered ${status}${answer === undefined ? ' (not JSON)' : ''}`);
    throw unavailable();
  }
}

function unavailable(): ServiceUnavailableException {
  return new ServiceUnavailableException({
    message: 'The tracking service is not available right now, please try again',
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** fetch reports a refused or dropped connection as "fetch failed" with the reason as its cause. */
function describe(error: unknown): string {
  const { message, cause } = error as { message?: string; cause?: { code?: string; message?: string } };
  return [message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
}

function printable(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '?').slice(0, 80);
}
