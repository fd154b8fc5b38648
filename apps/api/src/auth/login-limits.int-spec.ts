import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  countPasswordChecks,
  login,
  newPerson,
  register,
  registerActive,
  startAuthApi,
  type AuthTestApi,
} from './test-kit.js';

// Each password hash costs ~0.3 s of CPU (scrypt at OWASP cost); before the fix the
// concurrency tests hash 50 times.
jest.setTimeout(120_000);

const statuses = (responses: Response[]) => responses.map((response) => response.status);
const countOf = (values: number[], wanted: number) => values.filter((value) => value === wanted).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in limits (DESIGN.md §7)', () => {
  let api: AuthTestApi;
  /** Password checks the api ran (real and dummy): what an attacker gets per guess. */
  let checks: { count: number };

  beforeAll(async () => {
    api = await startAuthApi({
      LOGIN_MAX_ATTEMPTS: '5',
      LOGIN_ADDRESS_MAX_ATTEMPTS: '12',
      LOGIN_ACCOUNT_FREE_ATTEMPTS: '8',
    });
    checks = countPasswordChecks(api);
  });
  afterAll(async () => api?.close());

  /** Fires every login at once and waits for all the answers. */
  const burst = (attempts: [email: string, password: string, ip: string][]) =>
    Promise.all(attempts.map(([email, password, ip]) => login(api, email, password, ip)));

  it('checks at most LOGIN_MAX_ATTEMPTS of 50 parallel wrong passwords for one account from one address', async () => {
    const target = await registerActive(api);
    checks.count = 0;
    const answers = await burst(Array.from({ length: 50 }, () => [target.email, 'wrong guess', '203.0.113.10']));
    const codes = statuses(answers);
    expect(countOf(codes, 401)).toBeLessThanOrEqual(5);
    expect(countOf(codes, 401) + countOf(codes, 429)).toBe(50);
    expect(checks.count).toBeLessThanOrEqual(5);
    const limited = answers.find((answer) => answer.status === 429)!;
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await limited.json()).toEqual({
      detail: 'Too many attempts, try again later.',
      message: expect.stringMatching(/^Too many attempts, try again in \d+ (seconds|minutes)\.$/),
    });
  });

  it('refuses the right password sent among 40 parallel guesses once the limit is taken', async () => {
    const target = await registerActive(api);
    checks.count = 0;
    const guesses: [string, string, string][] = Array.from({ length: 39 }, (_, i) => [
      target.email,
      `guess ${i}`,
      '203.0.113.11',
    ]);
    const answers = await burst([...guesses, [target.email, target.password, '203.0.113.11']]);
    expect(countOf(statuses(answers), 401)).toBeLessThanOrEqual(5);
    expect(checks.count).toBeLessThanOrEqual(5);
    expect(answers[39].status).toBe(429);
  });

  it('checks at most LOGIN_ADDRESS_MAX_ATTEMPTS of 50 parallel logins from one address to 50 accounts', async () => {
    checks.count = 0;
    const answers = await burst(
      Array.from({ length: 50 }, (_, i) => [`sprayed${i}@example.com`, 'Summer2026!', '203.0.113.12']),
    );
    expect(countOf(statuses(answers), 401)).toBeLessThanOrEqual(12);
    expect(countOf(statuses(answers), 429)).toBeGreaterThanOrEqual(38);
    expect(checks.count).toBeLessThanOrEqual(12);
  });

  it('lets the owner sign in from another address while an attacker hammers the account', async () => {
    const owner = await registerActive(api);
    await burst(Array.from({ length: 30 }, () => [owner.email, 'wrong guess', '203.0.113.20']));
    // The attacker's own address is stopped, even with the right password ...
    expect((await login(api, owner.email, owner.password, '203.0.113.20')).status).toBe(429);
    // ... the owner, elsewhere, is not.
    expect((await login(api, owner.email, owner.password, '198.51.100.20')).status).toBe(200);
  });

  it('lets everyone else behind a NAT address sign in while one person there keeps failing', async () => {
    const forgetful = await registerActive(api);
    const colleague = await registerActive(api);
    for (let i = 0; i < 5; i++) {
      expect((await login(api, forgetful.email, `not it ${i}`, '203.0.113.30')).status).toBe(401);
    }
    expect((await login(api, forgetful.email, forgetful.password, '203.0.113.30')).status).toBe(429);
    expect((await login(api, colleague.email, colleague.password, '203.0.113.30')).status).toBe(200);
  });

  it('spaces guesses at one account from many addresses by a growing delay; its own address still signs in', async () => {
    const owner = await registerActive(api);
    const home = '192.0.2.77';
    expect((await login(api, owner.email, owner.password, home)).status).toBe(200);
    let next = 1;
    const fresh = () => `100.64.${Math.floor(next / 250)}.${next++ % 250}`;
    // The account's free failures (LOGIN_ACCOUNT_FREE_ATTEMPTS = 8), from 8 addresses.
    for (let i = 0; i < 8; i++) expect((await login(api, owner.email, 'wrong', fresh())).status).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Five addresses at once: one is checked, the others hear how long to wait.
      const answers = await burst(Array.from({ length: 5 }, () => [owner.email, 'wrong', fresh()]));
      expect(countOf(statuses(answers), 401)).toBe(1);
      expect(countOf(statuses(answers), 429)).toBe(4);
      const wait = Math.max(...answers.map((answer) => Number(answer.headers.get('retry-after') ?? 0)));
      waits.push(wait);
      // The owner's own address is not held up by the delay.
      expect((await login(api, owner.email, owner.password, home)).status).toBe(200);
      await sleep(wait * 1000 + 100);
    }
    expect(waits).toEqual([1, 2, 4]);
    // A new address of the owner's waits its turn rather than meeting a wall.
    expect((await login(api, owner.email, owner.password, fresh())).status).toBe(200);
  });

  it('limits registrations per address (an "already exists" oracle) with 429 and Retry-After', async () => {
    const taken = await registerActive(api);
    const probe = (ip: string) => register(api, newPerson({ email: taken.email }), ip);
    for (let i = 0; i < 5; i++) expect((await probe('203.0.113.40')).status).toBe(400);
    const limited = await probe('203.0.113.40');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { detail: string }).detail).toBe('Too many attempts, try again later.');
    expect((await register(api, newPerson(), '203.0.113.40')).status).toBe(429);
    expect((await probe('203.0.113.41')).status).toBe(400);
  });

  it('limits 50 parallel guest sign-ins from one address to GUEST_ADDRESS_MAX_LOGINS (30) refresh tokens, then 429 with Retry-After', async () => {
    const db = api.app.get(DataSource);
    const tokens = async () => Number((await db.query('SELECT count(*) AS n FROM refresh_tokens'))[0].n);
    const guest = (ip: string) =>
      api.request('/cuviewTV/auth/jwt/guest/', { method: 'POST', headers: { 'x-forwarded-for': ip } });
    const before = await tokens();
    const answers = await Promise.all(Array.from({ length: 50 }, () => guest('203.0.113.60')));
    const codes = statuses(answers);
    expect([countOf(codes, 200), countOf(codes, 429)]).toEqual([30, 20]);
    expect(await tokens()).toBe(before + 30);
    const limited = answers.find((answer) => answer.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      detail: 'Too many attempts, try again later.',
      message: expect.stringMatching(/^Too many attempts, try again in \d+ (seconds|minutes)\.$/),
    });
    // Another household is not held back by it.
    expect((await guest('203.0.113.61')).status).toBe(200);
  });
});

/** A free TCP port for a Redis of the test's own. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  // Up to 20 s: with the rest of the suite running beside it, redis-server can take over 5 s.
  for (let i = 0; i < 400; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('error', () => resolve(true));
      socket.once('listening', () => socket.close(() => resolve(false)));
    });
    if (up) return redis;
    await sleep(50);
  }
  throw new Error('redis-server did not start');
}

describe('sign-in while Redis, the limiter store, is down', () => {
  let api: AuthTestApi;
  let redis: ChildProcess | undefined;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    api = await startAuthApi({ REDIS_URL: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await api?.close();
    redis?.kill('SIGKILL');
  });

  it('answers 503 with a message (never 401, 500 or an unlimited check) and signs in again when Redis is back', async () => {
    const person = await registerActive(api);
    expect((await login(api, person.email, person.password)).status).toBe(200);

    redis!.kill('SIGKILL');
    await once(redis!, 'exit');
    for (const password of [person.password, 'wrong password']) {
      const answer = await login(api, person.email, password);
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await answer.json()).toEqual({ message: expect.stringMatching(/unavailable/) });
    }

    redis = await startRedis(port);
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await sleep(200);
      status = (await login(api, person.email, person.password)).status;
    }
    expect(status).toBe(200);
  });
});
