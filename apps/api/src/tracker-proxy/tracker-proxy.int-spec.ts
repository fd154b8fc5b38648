import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestApi, type TestApi } from '@app/testing';
import { createTrackerApp } from '../../../tracker/src/bootstrap.js';
import { startAdminKit, type AdminTestKit } from '../admin/testing/admin-kit.js';

type Mode = 'forward' | 'refuse' | 'reset';

/**
 * What sits between the api and the tracker in production (a port, a load balancer): here a
 * TCP relay to the real tracker that the tests can switch to refusing connections (the
 * tracker is down) or to accepting and dropping them (the tracker is restarting).
 */
async function startRelay(
  targetPort: number,
): Promise<{ port: number; mode: (mode: Mode) => void; close: () => void }> {
  let mode: Mode = 'forward';
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'refuse' || mode === 'reset') {
      // 'refuse' answers like a closed port would (a RST); 'reset' drops the connection as
      // a process being restarted does, after reading the request.
      if (mode === 'reset') client.once('data', () => client.resetAndDestroy());
      else client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    mode: (next) => {
      mode = next;
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('/tracker/ forwarding', () => {
  let tracker: TestApi;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let kit: AdminTestKit;

  beforeAll(async () => {
    tracker = await startTestApi(createTrackerApp, { PUBLIC_URL: 'http://tv.example' });
    relay = await startRelay(Number(new URL(tracker.baseUrl).port));
    kit = await startAdminKit({ TRACKER_URL: `http://127.0.0.1:${relay.port}` });
  });
  afterAll(async () => {
    await kit?.close();
    relay?.close();
    await tracker?.close();
  });

  const post = async (path: string, body: unknown) => {
    const response = await kit.api.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, json: JSON.parse(text) as Record<string, unknown> };
  };

  it('forwards a lookup and answers what the tracker answered', async () => {
    const answer = await post('/tracker/get_info_by_wm_nums/', { wm_numbers: [999, 156, 300, 400] });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ result: null, message: 'No match' });
  });

  it('answers 404 for a call the tracker does not have, and for a path that climbs out', async () => {
    for (const path of ['/tracker/get_everything/', '/tracker/..%2Fadmin', '/tracker/health']) {
      const answer = await post(path, {});
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.json).toEqual({ message: expect.any(String) });
    }
  });

  it.each([
    ['wm_numbers of the wrong shape', '/tracker/get_info_by_wm_nums', { wm_numbers: 'abc' }],
    ['wm_numbers with wrong protocol constants', '/tracker/get_info_by_wm_nums', { wm_numbers: [1, 2, 3, 4] }],
    ['fp_numbers that are not numbers', '/tracker/get_info_by_fp_nums', { fp_numbers: ['x', { a: 1 }] }],
    [
      'fp_numbers far over the limit',
      '/tracker/get_info_by_fp_nums',
      { fp_numbers: Array.from({ length: 100_000 }, (_, i) => i) },
    ],
    [
      'a session id of 100 KB',
      '/tracker/get_info_by_wm_nums',
      { wm_numbers: [1, 156, 300, 400], session_id: 's'.repeat(100_000) },
    ],
    ['an unknown field', '/tracker/get_info_by_wm_nums', { wm_numbers: [1, 156, 300, 400], is_staff: true }],
    ['a body that is an array', '/tracker/get_info_by_wm_nums', [1, 156, 300, 400]],
    ['a body that is a number', '/tracker/get_info_by_fp_nums', 42],
  ])('%s: answers the tracker 400 and its message, as the tracker itself does', async (_, path, body) => {
    const viaApi = await post(path, body);
    expect(viaApi.status).toBe(400);
    expect(viaApi.json).toEqual({ message: expect.any(String) });
    const direct = await tracker.request(path.replace('/tracker', ''), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toEqual(viaApi.json);
  });

  it.each([
    ['malformed JSON', '{"wm_numbers": [1, 156,'],
    ['wm_numbers with a NUL string', JSON.stringify({ wm_numbers: ['\u0000', 156, 300, 400] })],
    ['5,000-deep nested JSON', `{"wm_numbers":${'['.repeat(5000)}${']'.repeat(5000)}}`],
    ['5,000-deep objects', `{"wm_numbers":[1,156,300,400],"session_id":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`],
  ])('answers %s with 400 and a message (the api or the tracker refuses it)', async (_, body) => {
    const answer = await post('/tracker/get_info_by_wm_nums', body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ message: expect.any(String) });
  });

  it.each([
    ['down (connections refused)', 'refuse'],
    ['restarting (connections dropped)', 'reset'],
  ] as const)('answers 503 with a message while the tracker is %s, and recovers', async (_, mode) => {
    relay.mode(mode);
    try {
      const answer = await post('/tracker/get_info_by_wm_nums', { wm_numbers: [999, 156, 300, 400] });
      expect(answer.status).toBe(503);
      expect(answer.json).toEqual({ message: expect.stringMatching(/tracking service/i) });
    } finally {
      relay.mode('forward');
    }
    const after = await post('/tracker/get_info_by_wm_nums', { wm_numbers: [999, 156, 300, 400] });
    expect(after.status).toBe(200);
  });
});
