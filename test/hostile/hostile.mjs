// The hostile suite's helpers: raw HTTP from a chosen loopback address (so that rate limits per
// address can be probed from "other" clients), the checks every answer must pass (no 5xx, no
// stack trace, an error body a client can show), forged tokens, and accounts made the way a
// person makes them (register, then the activation link of the e-mail).
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'node:test';
import pg from 'pg';

export const BASE_URL = process.env.BASE_URL;
assert.ok(BASE_URL, 'BASE_URL names the running product (infra/test/hostile.mjs sets it)');
const base = new URL(BASE_URL);
assert.ok(['127.0.0.1', 'localhost'].includes(base.hostname), 'the hostile suite only talks to loopback');

/** The demo accounts of the seeded catalogue (libs/catalogue-seed/src/demo/catalogue.ts). */
export const VIEWER = { email: 'viewer@cuview.local', password: 'viewer-password' };
export const STAFF = { email: 'staff@cuview.local', password: 'staff-password' };
export const API = '/cuviewTV';

/** A stack trace or a source location in an answer: what an attacker must never see. */
const STACK_TRACE =
  /\n\s+at [^\n]+:\d+:\d+|\bat (?:async )?[\w$.<>]+ \([^)]*:\d+:\d+\)|node_modules\/|\/(?:dist|src)\/[\w/.-]+\.(?:js|ts):\d+/;

/**
 * One HTTP request, byte for byte as given: `body` may be an object (sent as JSON), a string or a
 * Buffer (sent as is). `from` is the loopback address the connection comes from.
 */
export function request(method, pathname, { body, headers = {}, token, scheme = 'JWT', from = '127.0.0.1' } = {}) {
  const payload =
    body === undefined
      ? undefined
      : Buffer.isBuffer(body)
        ? body
        : typeof body === 'string'
          ? Buffer.from(body)
          : Buffer.from(JSON.stringify(body));
  const all = { ...headers };
  if (payload && !Object.keys(all).some((h) => h.toLowerCase() === 'content-type')) {
    all['content-type'] = 'application/json';
  }
  if (payload && !Object.keys(all).some((h) => h.toLowerCase() === 'content-length')) {
    all['content-length'] = String(payload.length);
  }
  if (token) all.authorization = `${scheme} ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      // A fresh connection each time: a request that lies about its length must not poison the next.
      {
        host: '127.0.0.1',
        port: base.port,
        method,
        path: pathname,
        headers: all,
        localAddress: from,
        agent: false,
        timeout: 20_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ method, path: pathname, status: res.statusCode, headers: res.headers, raw, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${pathname}: no answer within 20 s`)));
    req.on('error', (error) => {
      // A server refusing a body too large answers 413 at once and closes the connection while the
      // body is still being written; the client may then see only the closed connection (EPIPE),
      // not the answer. Status 0 stands for that refusal; only cases that allow it accept it.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        resolve({ method, path: pathname, status: 0, headers: {}, raw: Buffer.alloc(0), text: '', json: undefined });
        return;
      }
      reject(error);
    });
    if (payload) req.write(payload);
    req.end();
  });
}

/** Whether a body is an error a client can show: `{"message"}` or djoser/SimpleJWT's shapes. */
export function isErrorBody(json) {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  if (typeof json.message === 'string' && json.message.length > 0) return true;
  if (typeof json.detail === 'string' && json.detail.length > 0) return true;
  const values = Object.values(json);
  return (
    values.length > 0 && values.every((v) => Array.isArray(v) && v.length > 0 && v.every((s) => typeof s === 'string'))
  );
}

/** What every answer to a hostile request must be: not a 5xx, no trace, a readable error. */
export function assertSafe(res) {
  const label = `${res.method} ${res.path.slice(0, 120)}`;
  assert.ok(res.status < 500, `${label}: answered ${res.status} ${res.text.slice(0, 300)}`);
  assert.doesNotMatch(res.text, STACK_TRACE, `${label}: the answer carries a stack trace`);
  // The share page is for people (and link previews): its errors are HTML pages, not JSON.
  const page = res.path.startsWith('/share/') && /^text\/html/.test(res.headers['content-type'] ?? '');
  if (res.status >= 400 && res.status !== 405 && res.method !== 'HEAD' && !page) {
    assert.ok(isErrorBody(res.json), `${label}: ${res.status} without a {"message"} body: ${res.text.slice(0, 300)}`);
  }
}

/** The request, checked as above, and its status one of `statuses`. */
export async function expectAnswer(statuses, method, pathname, options) {
  const res = await request(method, pathname, options);
  assertSafe(res);
  const allowed = [statuses].flat();
  assert.ok(
    allowed.includes(res.status),
    `${method} ${pathname.slice(0, 120)}: expected ${allowed.join(' or ')}, got ${res.status} ${res.text.slice(0, 300)}`,
  );
  return res;
}

/** A table of cases, one test each: [name, statuses, method, path, options]. */
export function cases(rows) {
  for (const [name, statuses, method, pathname, options] of rows) {
    test(name, async () => {
      await expectAnswer(statuses, method, pathname, typeof options === 'function' ? await options() : options);
    });
  }
}

export async function login(account, from = '127.0.0.1') {
  const res = await request('POST', `${API}/auth/jwt/create/`, { body: account, from });
  assert.equal(res.status, 200, `login ${account.email}: ${res.status} ${res.text}`);
  return res.json;
}

export async function guestTokens() {
  const res = await request('POST', `${API}/auth/jwt/guest/`);
  assert.equal(res.status, 200, `guest: ${res.status} ${res.text}`);
  return res.json;
}

/** A unique e-mail on a reserved domain. */
export function uniqueEmail(prefix) {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest /{kind}/ link e-mailed to `to` (the api writes mail to E2E_OUTBOX). */
export async function mailedLink(to, kind) {
  const dir = process.env.E2E_OUTBOX;
  assert.ok(dir, 'E2E_OUTBOX names the outbox folder');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    let names = [];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
    } catch {
      // The folder is made with the first message.
    }
    for (const name of names.sort().reverse()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, name), 'utf8'));
      if (!text.toLowerCase().includes(`to: ${to}`.toLowerCase()) && !text.includes(`<${to}>`)) continue;
      const link = new RegExp(`https?://[^\\s"'<>]+/${kind}/([^/\\s"'<>]+)/([^/\\s"'<>]+)`).exec(text);
      if (link) return { uid: link[1], token: link[2] };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no /${kind}/ e-mail to ${to} in ${dir}`);
}

let registrations = 0;

/**
 * Registers and activates a fresh viewer through the e-mailed link; answers its login and tokens.
 * Each registration comes from its own loopback address, so that the suite's own accounts never
 * spend a per-address registration budget that a test measures.
 */
export async function newViewer(prefix = 'hostile') {
  const account = { email: uniqueEmail(prefix), password: `pw-${randomBytes(6).toString('hex')}` };
  registrations += 1;
  const from = `127.${10 + (process.pid % 200)}.${Math.floor(registrations / 250)}.${1 + (registrations % 250)}`;
  const res = await request('POST', `${API}/auth/users/`, {
    from,
    body: {
      first_name: 'Mallory',
      last_name: 'Hostile',
      email: account.email,
      mobile_number: '+15551234567',
      password: account.password,
      re_password: account.password,
    },
  });
  assert.equal(res.status, 201, `register: ${res.status} ${res.text}`);
  const { uid, token } = await mailedLink(account.email, 'activate');
  const activated = await request('POST', `${API}/auth/users/activation/`, { body: { uid, token } });
  assert.equal(activated.status, 204, `activation: ${activated.status} ${activated.text}`);
  return { ...account, id: res.json.id, tokens: await login(account, from) };
}

const b64 = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A JWT with the given header and claims, signed with `secret` (HMAC of `alg`) or unsigned. */
export function forgeJwt(claims, { alg = 'HS256', secret = process.env.E2E_JWT_SECRET, signature } = {}) {
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
  if (signature !== undefined) return `${head}.${signature}`;
  if (alg === 'none') return `${head}.`;
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  return `${head}.${createHmac(hash, secret).update(head).digest('base64url')}`;
}

/** The claims of a token (not verified: the suite reads its own tokens to forge variants). */
export function claimsOf(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** A JSON body nested `depth` levels deep. */
export function deepJson(depth, key = 'a') {
  return `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The product's database (setup only: hiding items as staff would, reading what was stored). */
export async function withDb(work) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs `count` requests at once and answers them all. */
export function parallel(count, make) {
  return Promise.all(Array.from({ length: count }, (_, i) => make(i)));
}

/** A multipart body built byte by byte (file names and content types as an attacker sends them). */
export function multipart(parts) {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`;
  const chunks = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const head =
        `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
        `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
      chunks.push(Buffer.from(head, 'latin1'), Buffer.from(part.data), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
