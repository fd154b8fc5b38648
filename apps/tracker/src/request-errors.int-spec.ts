import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApi, type TestApi } from '@app/testing';
import { createTrackerApp } from './bootstrap.js';

/**
 * The tracker is reached from the browser (through the api's /tracker/): bodies an attacker
 * sends must answer 4xx with a `{"message"}`, never 500 and never a stack trace.
 */
describe('tracking service: hostile bodies', () => {
  let tracker: TestApi;

  beforeAll(async () => {
    tracker = await startTestApi(createTrackerApp, { PUBLIC_URL: 'http://tv.example' });
  });
  afterAll(async () => tracker?.close());

  const deep = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

  it.each([
    ['5,000-deep arrays in wm_numbers', '/get_info_by_wm_nums', `{"wm_numbers":${deep(5000)}}`, [400]],
    ['5,000-deep arrays in fp_numbers', '/get_info_by_fp_nums', `{"fp_numbers":${deep(5000)}}`, [400]],
    [
      '5,000-deep objects in session_id',
      '/get_info_by_wm_nums',
      `{"wm_numbers":[1,156,300,400],"session_id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
      [400],
    ],
    ['a deep body that is only arrays', '/get_info_by_wm_nums', deep(5000), [400]],
    [
      '900,000-deep arrays (1.8 MB, under the body limit)',
      '/get_info_by_wm_nums',
      `{"wm_numbers":${deep(900_000)}}`,
      [400],
    ],
    ['a body of null', '/get_info_by_wm_nums', 'null', [400]],
    ['a body that is a string', '/get_info_by_fp_nums', '"x"', [400]],
    ['numbers past the integer range', '/get_info_by_wm_nums', '{"wm_numbers":[1e400,156,300,400]}', [400]],
    ['a __proto__ key', '/get_info_by_wm_nums', '{"__proto__":{"x":1},"wm_numbers":[1,156,300,400]}', [400]],
    ['malformed JSON', '/get_info_by_fp_nums', '{"fp_numbers":[1,', [400]],
    ['a text/plain body', '/get_info_by_wm_nums', 'wm_numbers=1', [400, 415], 'text/plain'],
  ] as [string, string, string, number[], string?][])(
    '%s: answers a client error with a message',
    async (_, path, body, allowed, contentType = 'application/json') => {
      const response = await tracker.request(path, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
      const text = await response.text();
      expect([text, allowed.includes(response.status)]).toEqual([text, true]);
      expect(JSON.parse(text)).toEqual({ message: expect.any(String) });
    },
  );

  it('answers a malformed URL (invalid percent-encoding) with 400 and a message that does not repeat it', async () => {
    const response = await tracker.request('/get_info_by_wm_nums/%FF', { method: 'POST', json: {} });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Malformed URL: it holds invalid percent-encoding' });
  });

  it('answers an unknown call with 404 and a message', async () => {
    const response = await tracker.request('/get_everything', { method: 'POST', json: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});
