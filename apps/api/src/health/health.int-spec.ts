import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApi, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

describe('api basics', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(createApiApp);
  });
  afterAll(async () => api?.close());

  it('answers health and readiness', async () => {
    expect((await api.request('/healthz')).status).toBe(200);
    expect(await (await api.request('/readyz')).json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown path with a JSON 404 and no stack trace', async () => {
    const response = await api.request('/cuviewTV/no_such_call/');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/Cannot GET/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.js/);
  });

  it('sends security headers', async () => {
    const response = await api.request('/healthz');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
