import { vi } from 'vitest';

/**
 * fetch stub for component tests: handlers keyed by "METHOD /path" (exact) answer JSON.
 * Unknown calls answer 404 so a test notices an unexpected request. `calls` records each
 * request with its parsed JSON body and headers.
 */
export type Answer = { status?: number; json?: unknown; blob?: Blob };
export type Handler = (req: {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}) => Answer | Promise<Answer>;

export function mockFetch(handlers: Record<string, Handler | Answer>) {
  const calls: Array<{ method: string; path: string; body: unknown; headers: Record<string, string> }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}));
    let body: unknown = undefined;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    calls.push({ method, path, body, headers });
    const handler = handlers[`${method} ${path}`];
    const answer: Answer =
      typeof handler === 'function'
        ? await handler({ url, body, headers })
        : (handler ?? { status: 404, json: { message: `no mock for ${method} ${path}` } });
    const status = answer.status ?? 200;
    if (answer.blob) return new Response(answer.blob, { status });
    return new Response(status === 204 ? null : JSON.stringify(answer.json ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/** A JWT-shaped token whose payload carries `exp` (seconds). */
export function fakeJwt(expInSeconds = 300): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInSeconds, user_id: 1 }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.sig`;
}
