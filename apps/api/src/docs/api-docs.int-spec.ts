import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApi, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';

describe('API documentation', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(createApiApp);
  });
  afterAll(async () => api?.close());

  it('serves the committed OpenAPI document as it is', async () => {
    const response = await api.request('/cuviewTV/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const committed = JSON.parse(await readFile(new URL('../../../../openapi/openapi.json', import.meta.url), 'utf8'));
    expect(await response.json()).toEqual(committed);
  });

  it('serves an interactive reference of that document, its start script allowed on that page only', async () => {
    const response = await api.request('/cuviewTV/docs/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('/cuviewTV/openapi.json');
    // Scalar's bundle comes from our own origin (works offline, within script-src 'self').
    expect(html).toContain('src="/cuviewTV/docs/scalar.js"');
    expect(html).not.toContain('jsdelivr');
    const bundle = await api.request('/cuviewTV/docs/scalar.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const script = /<script type="[^"]+">([\s\S]*?)<\/script>/.exec(html)![1];
    const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).toContain(hash);

    // Everywhere else the policy stays as strict as before: no inline script.
    const elsewhere = (await api.request('/healthz')).headers.get('content-security-policy')!;
    expect(elsewhere).not.toContain('sha256-');
    expect(elsewhere).toMatch(/script-src 'self' https:(;|$)/);
  });
});
