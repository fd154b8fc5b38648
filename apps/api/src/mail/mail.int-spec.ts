import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { newPerson, PUBLIC_URL, startAuthApi, type AuthTestApi } from '../auth/test-kit.js';

jest.setTimeout(60_000);

/** A real SMTP server in the test process, collecting what it receives. */
async function startSmtp(): Promise<{ url: string; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let api: AuthTestApi;

  beforeAll(async () => {
    smtp = await startSmtp();
    api = await startAuthApi({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });

  it('sends the activation e-mail through the SMTP server, not the outbox', async () => {
    const person = newPerson();
    const response = await api.request('/cuviewTV/auth/users/', { method: 'POST', json: person });
    expect(response.status).toBe(201);
    expect(smtp.received).toHaveLength(1);
    const message = smtp.received[0].replace(/=\r?\n/g, '');
    expect(message).toMatch(new RegExp(`^To: ${person.email}`, 'm'));
    expect(message).toContain(`${PUBLIC_URL}/activate/`);
  });
});

describe('mail server unreachable', () => {
  let api: AuthTestApi;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    api = await startAuthApi({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => api?.close());

  it('answers 503 and keeps no account, so the person can simply try again', async () => {
    const person = newPerson();
    const response = await api.request('/cuviewTV/auth/users/', { method: 'POST', json: person });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The activation e-mail could not be sent, please try again later',
    });
    const client = new pg.Client({ connectionString: api.databaseUrl });
    await client.connect();
    const { rows } = await client.query('SELECT count(*)::int AS n FROM users');
    await client.end();
    expect(rows[0].n).toBe(0);
  });
});
