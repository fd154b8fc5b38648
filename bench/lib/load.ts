/** Closed-loop HTTP load with autocannon: the benches' one way to send a list of calls. */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface HttpCall {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface LoadResult {
  /** Every answer's time (ms), in arrival order. */
  latencies: number[];
  /** Answers other than 200, plus connection errors and timeouts. */
  errors: number;
  seconds: number;
  /** Index of the next call that would have been sent. */
  next: number;
}

/**
 * Sends calls[from], calls[from + 1]… (wrapping) over `connections` connections, each sending
 * again when answered, for `seconds`.
 */
export async function sendCalls(
  url: string,
  calls: readonly HttpCall[],
  { from = 0, seconds, connections }: { from?: number; seconds: number; connections: number },
): Promise<LoadResult> {
  let next = from;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const call = calls[next++ % calls.length];
              return {
                ...request,
                method: call.method,
                path: call.path,
                body: call.body,
                headers: call.body ? { 'content-type': 'application/json' } : {},
              };
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode !== 200) errors++;
      latencies.push(responseTime);
    });
  });
  errors += result.errors + result.timeouts;
  return { latencies, errors, seconds: (performance.now() - started) / 1000, next };
}
