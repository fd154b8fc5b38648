import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PasswordHasher } from '@app/common';
import { startTestApi, uniqueRedisPrefix, type TestApi } from '@app/testing';
import { createApiApp } from '../bootstrap.js';
import { waitForOutboxLink } from '../mail/outbox.js';

/** Helpers for the auth integration tests (not loaded by the running api). */
export interface AuthTestApi extends TestApi {
  outbox: string;
  /** The newest link e-mailed to `to` whose path contains `page`, as {uid, token}. */
  linkFor: (to: string, page: 'activate' | 'password-reset') => Promise<{ uid: string; token: string; link: string }>;
}

export const PUBLIC_URL = 'http://cuview.test';

/** The real api with its own database, Redis key prefix and mail outbox. */
export async function startAuthApi(env: Record<string, string> = {}): Promise<AuthTestApi> {
  const outbox = await mkdtemp(path.join(tmpdir(), 'cuview-outbox-'));
  const api = await startTestApi(createApiApp, {
    MAIL_OUTBOX_DIR: outbox,
    REDIS_PREFIX: uniqueRedisPrefix(),
    PUBLIC_URL,
    // The tests play clients at several addresses through X-Forwarded-For.
    TRUST_PROXY: 'true',
    ...env,
  });
  return {
    ...api,
    outbox,
    linkFor: async (to, page) => {
      const link = await waitForOutboxLink(outbox, { to, contains: `${PUBLIC_URL}/${page}/` });
      const [uid, token] = link.slice(`${PUBLIC_URL}/${page}/`.length).split('/');
      return { uid, token, link };
    },
    close: async () => {
      await api.close();
      await rm(outbox, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
/**
 * A client address of its own (TEST-NET-2 and the benchmarking block), so that helpers which
 * register people do not spend one address's registration budget.
 */
export function nextAddress(): string {
  addressCounter++;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** POST auth/users/ from an address of its own (or the one given). */
export function register(api: TestApi, json: unknown, ip = nextAddress()) {
  return api.request('/cuviewTV/auth/users/', { method: 'POST', json, headers: { 'x-forwarded-for': ip } });
}

let counter = 0;
/** A valid registration body with a unique e-mail. */
export function newPerson(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `person${counter}.${process.pid}@example.com`,
    password: 'correct horse battery',
    re_password: 'correct horse battery',
    mobile_number: '+441234567890',
    gives_permission: true,
    ...overrides,
  };
}

/** Registers and activates through the HTTP calls a person makes; returns the credentials. */
export async function registerActive(api: AuthTestApi, overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const registered = await register(api, person);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { uid, token } = await api.linkFor(person.email, 'activate');
  const activated = await api.request('/cuviewTV/auth/users/activation/', { method: 'POST', json: { uid, token } });
  if (activated.status !== 204) throw new Error(`activate: ${activated.status} ${await activated.text()}`);
  return { email: person.email, password: person.password, id: ((await registered.json()) as { id: number }).id };
}

/** POST auth/jwt/create from a given client address (the api trusts X-Forwarded-For). */
export function login(api: TestApi, email: string, password: string, ip = '203.0.113.1') {
  return api.request('/cuviewTV/auth/jwt/create', {
    method: 'POST',
    json: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
}

/**
 * Counts the password checks the api runs from now on (real ones, and the dummy ones for
 * unknown accounts, which go through the same `verify`): what a guesser gets. Set `count` to 0
 * before the calls a test measures.
 */
export function countPasswordChecks(api: TestApi): { count: number } {
  const checks = { count: 0 };
  const hasher = api.app.get(PasswordHasher, { strict: false });
  const verify = hasher.verify.bind(hasher);
  hasher.verify = (password: string, stored: string) => {
    checks.count++;
    return verify(password, stored);
  };
  return checks;
}
