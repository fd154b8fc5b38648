import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import { newPerson, startAuthApi, type AuthTestApi } from './auth/test-kit.js';
import { formInit } from './admin/testing/forms.js';
import { read, startAdminKit, type AdminTestKit } from './admin/testing/admin-kit.js';

/** Nested JSON arrays `depth` levels deep, as text (JSON.stringify would itself be the test). */
const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('the request edge: NUL bytes and nesting depth', () => {
  let kit: AdminTestKit;
  const count = async (table: string) => Number((await kit.db.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    kit = await startAdminKit({ MAIL_OUTBOX_DIR: `/tmp/cuview-edge-outbox-${process.pid}` });
  });
  afterAll(async () => kit?.close());

  it('refuses a NUL byte in register names with 400 and creates no account', async () => {
    const users = await count('users');
    for (const field of ['first_name', 'last_name', 'email']) {
      const person = newPerson();
      const body = { ...person, [field]: field === 'email' ? `nul\u0000${person.email}` : 'Ada\u0000' };
      const response = await kit.api.request('/cuviewTV/auth/users/', { method: 'POST', json: body });
      expect(response.status).toBe(400);
      expect(await read(response)).toEqual({
        message: `"${field}" contains a NUL character (\\u0000), which is not allowed`,
      });
    }
    expect(await count('users')).toBe(users);
  });

  it("refuses a NUL byte in login's e-mail with 400", async () => {
    const response = await kit.api.request('/cuviewTV/auth/jwt/create/', {
      method: 'POST',
      json: { email: 'staff\u0000@example.com', password: 'whatever-it-is' },
    });
    expect(response.status).toBe(400);
    expect((await read(response)).message).toMatch(/NUL/);
  });

  it('refuses a NUL byte in an admin title (JSON body, nested too) and writes nothing', async () => {
    const groups = await count('groups');
    const added = await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { title: 'Late\u0000Night' } });
    expect(added.status).toBe(400);
    expect(added.body.message).toMatch(/NUL/);
    const nested = await kit.call('/cuviewTV/add_group/', {
      method: 'POST',
      json: { title: 'Fine', extra: [{ deeper: ['x\u0000'] }] },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/NUL/);
    const inKey = await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { 'ti\u0000tle': 'Fine' } });
    expect(inKey.status).toBe(400);
    expect(await count('groups')).toBe(groups);
  });

  it('refuses a NUL byte in an admin search (path parameter) and in a query string with 400', async () => {
    const search = await kit.call('/cuviewTV/get_search_results_for_admin/a%00b/1/');
    expect(search.status).toBe(400);
    expect(search.body.message).toMatch(/NUL/);
    const length = await kit.call('/cuviewTV/get_videos_length_for_search/%00/');
    expect(length.status).toBe(400);
    const query = await kit.call('/cuviewTV/get_tags_for_admin_filter/rock/1/?category_id=1%00');
    expect(query.status).toBe(400);
    expect(query.body.message).toMatch(/NUL/);
  });

  it('refuses a NUL byte in a multipart text field and writes nothing', async () => {
    const playlists = await count('playlists');
    const response = await kit.call(
      '/cuviewTV/add_playlist_for_admin/',
      formInit([
        { name: 'title', value: 'Mixed\u0000Tape' },
        { name: 'status', value: '1' },
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/NUL/);
    expect(await count('playlists')).toBe(playlists);
  });

  it('still accepts ordinary text, accents and other control-free Unicode', async () => {
    const added = await kit.call('/cuviewTV/add_group/', { method: 'POST', json: { title: 'Élan — ナイト 🎵' } });
    expect(added.status).toBe(201);
    expect(added.body.title).toBe('Élan — ナイト 🎵');
  });

  it('answers 400 to 5,000-deep nested JSON on a signed-in endpoint, and the api keeps serving', async () => {
    const response = await kit.staff('/cuviewTV/add_group/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"title":"Deep","positions":${deepArrays(5000)}}`,
    });
    expect(response.status).toBe(400);
    expect((await read(response)).message).toMatch(/nested too deeply/);
    const edited = await kit.staff('/cuviewTV/edit_group/1/', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: `{"positions":${deepArrays(5000)}}`,
    });
    expect(edited.status).toBe(400);
    const playlist = await kit.api.request('/cuviewTV/add_full_playlist/', {
      method: 'POST',
      token: kit.viewerToken,
      headers: { 'content-type': 'application/json' },
      body: `{"title":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    });
    expect(playlist.status).toBe(400);
    expect((await kit.call('/cuviewTV/get_groups_for_admin/')).status).toBe(200);
  });

  it('answers 400 to deep JSON in a multipart "data" field', async () => {
    const response = await kit.call(
      '/cuviewTV/fill_video_info/',
      formInit([{ name: 'data', value: `{"title":"x","tracks":${deepArrays(5000)}}` }]),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/nested too deeply/);
  });
});

describe("Fastify's and Node's own refusals answer the product's {message} shape", () => {
  let api: AuthTestApi;

  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(async () => api?.close());

  /** One request written byte for byte on a socket, as a client that breaks HTTP would. */
  async function raw(text: string): Promise<{ status: number; headers: string; body: string }> {
    const { hostname, port } = new URL(api.baseUrl);
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.write(text);
    await new Promise((resolve) => socket.on('close', resolve));
    const [head, body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
  }

  it('answers a malformed URL (invalid percent-encoding) with 400 {message} and the security headers, never echoing it', async () => {
    for (const path of [
      '/cuviewTV/get_groups/%FF',
      '/cuviewTV/get_groups/%E0%A4%A',
      '/cuviewTV/%zz/',
      '/cuviewTV/a%',
    ]) {
      const response = await api.request(path);
      expect([path, response.status]).toEqual([path, 400]);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await response.json()).toEqual({ message: 'Malformed URL: it holds invalid percent-encoding' });
    }
    expect((await api.request('/cuviewTV/get_groups/')).status).toBe(200);
  });

  it('answers an over-long route parameter with 414 {message}', async () => {
    const response = await api.request(`/cuviewTV/check_playlist/${'9'.repeat(13000)}/`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ message: 'URL is too long' });
  });

  it("answers a request Node's parser refuses (a bad Content-Length) with 400 {message}", async () => {
    const answer = await raw(
      'POST /cuviewTV/auth/jwt/create/ HTTP/1.1\r\nHost: cuview.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: abc\r\n\r\n{}',
    );
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ message: 'Malformed HTTP request' });
  });

  it('answers bad JSON, an empty JSON body, a body too large and an unsupported media type with {message} alone', async () => {
    const post = (body: string | Buffer, type: string) =>
      api.request('/cuviewTV/auth/jwt/create/', { method: 'POST', headers: { 'content-type': type }, body });
    const answers: [Response, number][] = [
      [await post('{bad', 'application/json'), 400],
      [await post('', 'application/json'), 400],
      [await post(Buffer.alloc(2 * 1024 * 1024, 'a'), 'application/json'), 413],
      [await post('<a/>', 'text/xml'), 415],
    ];
    for (const [response, status] of answers) {
      expect(response.status).toBe(status);
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['message']);
      expect(typeof body.message).toBe('string');
    }
  });
});
