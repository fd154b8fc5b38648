import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAdminKit, type AdminTestKit } from '../testing/admin-kit.js';
import { png } from '../testing/forms.js';
import { Seed } from '../testing/seed.js';

/**
 * Every multipart admin endpoint against forms an attacker (or a broken client) sends: each
 * must answer 400/413/415 with a `{"message"}` a person can read, never 500, and write nothing.
 */
describe('malformed multipart forms on the admin endpoints', () => {
  let kit: AdminTestKit;
  let picture: Buffer;
  const targets: { name: string; method: 'POST' | 'PUT'; path: string; fileField: string }[] = [];

  beforeAll(async () => {
    kit = await startAdminKit();
    const seed = new Seed(kit.db);
    const videoId = await seed.video();
    const playlistId = await seed.playlist();
    const groupId = await seed.group();
    const bannerId = await seed.banner(videoId, playlistId, groupId);
    const categoryId = await seed.category();
    picture = await png(32, 32);
    targets.push(
      { name: 'upload_video', method: 'POST', path: '/cuviewTV/upload_video/', fileField: 'file' },
      { name: 'fill_video_info', method: 'POST', path: '/cuviewTV/fill_video_info/', fileField: 'file' },
      { name: 'edit_video_info', method: 'PUT', path: `/cuviewTV/edit_video_info/${videoId}/`, fileField: 'file' },
      {
        name: 'edit_video_thumbnail',
        method: 'PUT',
        path: `/cuviewTV/edit_video_thumbnail/${videoId}/`,
        fileField: 'file',
      },
      { name: 'add_category', method: 'POST', path: '/cuviewTV/add_category/', fileField: 'image' },
      { name: 'update_category', method: 'PUT', path: `/cuviewTV/update_category/${categoryId}/`, fileField: 'image' },
      { name: 'edit_banner_video', method: 'PUT', path: `/cuviewTV/edit_banner_video/${bannerId}/`, fileField: 'file' },
      { name: 'add_playlist_for_admin', method: 'POST', path: '/cuviewTV/add_playlist_for_admin/', fileField: 'image' },
      {
        name: 'edit_playlist_thumbnail',
        method: 'PUT',
        path: `/cuviewTV/edit_playlist_thumbnail/${playlistId}/`,
        fileField: 'image',
      },
    );
  });
  afterAll(async () => kit?.close());

  /** One request byte for byte as given (fetch would fix up what these tests need broken). */
  const send = (
    method: string,
    path: string,
    contentType: string | undefined,
    body: Buffer,
  ): Promise<{ status: number; text: string }> => {
    const url = new URL(path, kit.api.baseUrl);
    const headers: Record<string, string | number> = {
      authorization: `JWT ${kit.staffToken}`,
      'content-length': body.length,
    };
    if (contentType !== undefined) headers['content-type'] = contentType;
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { method, hostname: url.hostname, port: url.port, path: url.pathname, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };

  const files = async (dir: string): Promise<string[]> =>
    (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));

  const rowCounts = async () =>
    (
      await kit.db.query(
        `SELECT (SELECT count(*) FROM videos)::int AS videos, (SELECT count(*) FROM categories)::int AS categories,
                (SELECT count(*) FROM playlists)::int AS playlists,
                (SELECT string_agg(coalesce(icon_key, '') || title, ',' ORDER BY id) FROM categories) AS category_state,
                (SELECT string_agg(coalesce(thumbnail_key, '') || title, ',' ORDER BY id) FROM videos) AS video_state,
                (SELECT string_agg(coalesce(thumbnail_key, '') || title, ',' ORDER BY id) FROM playlists) AS playlist_state,
                (SELECT string_agg(coalesce(image_key, '') || title, ',' ORDER BY id) FROM banner_videos) AS banner_state`,
      )
    )[0];

  const filePart = (boundary: string, field: string, data: Buffer, filename = 'a.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      data,
      Buffer.from('\r\n'),
    ]);
  const textPart = (boundary: string, field: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`);
  const end = (boundary: string) => Buffer.from(`--${boundary}--\r\n`);

  /** Each case: a content type and a body built for the endpoint's file field, and the statuses allowed. */
  const cases: [string, number[], (fileField: string) => { contentType?: string; body: Buffer }][] = [
    [
      'a body whose boundary is not the declared one',
      [400],
      (field) => ({
        contentType: 'multipart/form-data; boundary=other',
        body: Buffer.from(`--nope\r\nContent-Disposition: form-data; name="${field}"; filename="a.mp4"\r\n\r\nabc`),
      }),
    ],
    [
      'multipart without a boundary',
      [400],
      (field) => ({ contentType: 'multipart/form-data', body: filePart('x', field, picture) }),
    ],
    [
      'an empty boundary',
      [400],
      (field) => ({ contentType: 'multipart/form-data; boundary=', body: filePart('', field, picture) }),
    ],
    [
      'an unterminated quoted boundary',
      [400],
      (field) => ({ contentType: 'multipart/form-data; boundary="abc', body: filePart('abc', field, picture) }),
    ],
    [
      'a boundary over 70 characters',
      [400],
      (field) => ({
        contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
        body: filePart('b'.repeat(200), field, picture),
      }),
    ],
    [
      'a body cut off in the middle of the file',
      [400],
      (field) => ({
        contentType: 'multipart/form-data; boundary=cut',
        body: filePart('cut', field, picture).subarray(0, 200),
      }),
    ],
    [
      'a body cut off in the part headers',
      [400],
      (field) => ({
        contentType: 'multipart/form-data; boundary=cut',
        body: Buffer.from(`--cut\r\nContent-Disposition: form-data; name="${field}"; filena`),
      }),
    ],
    [
      'a complete file part without the closing boundary',
      [400],
      (field) => ({ contentType: 'multipart/form-data; boundary=open', body: filePart('open', field, picture) }),
    ],
    [
      'a boundary of 300 characters',
      [400],
      (field) => ({
        contentType: `multipart/form-data; boundary=${'c'.repeat(300)}`,
        body: Buffer.concat([filePart('c'.repeat(300), field, picture), end('c'.repeat(300))]),
      }),
    ],
    [
      'a body cut off in a text field',
      [400],
      () => ({
        contentType: 'multipart/form-data; boundary=tf',
        body: textPart('tf', 'title', 'x'.repeat(500)).subarray(0, 90),
      }),
    ],
    [
      'a field named __proto__',
      [400],
      () => ({
        contentType: 'multipart/form-data; boundary=pp',
        body: Buffer.concat([textPart('pp', '__proto__', '{"is_staff":true}'), end('pp')]),
      }),
    ],
    [
      'a field declared as JSON that is not JSON',
      [400],
      () => ({
        contentType: 'multipart/form-data; boundary=js',
        body: Buffer.from(
          '--js\r\nContent-Disposition: form-data; name="data"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--js--\r\n',
        ),
      }),
    ],
    ['an empty body', [400], () => ({ contentType: 'multipart/form-data; boundary=e', body: Buffer.alloc(0) })],
    [
      'only the preamble, no part at all',
      [400],
      () => ({ contentType: 'multipart/form-data; boundary=p', body: Buffer.from('just some text\r\n') }),
    ],
    [
      'a part without Content-Disposition',
      [400],
      () => ({
        contentType: 'multipart/form-data; boundary=h',
        body: Buffer.concat([
          Buffer.from('--h\r\nContent-Type: image/png\r\n\r\n'),
          picture,
          Buffer.from('\r\n--h--\r\n'),
        ]),
      }),
    ],
    [
      'a part with 200 header lines',
      [400, 413],
      (field) => ({
        contentType: 'multipart/form-data; boundary=hh',
        body: Buffer.concat([
          Buffer.from('--hh\r\n' + Array.from({ length: 200 }, (_, i) => `X-H${i}: v\r\n`).join('')),
          filePart('hh', field, picture).subarray('--hh\r\n'.length),
          end('hh'),
        ]),
      }),
    ],
    [
      'the file twice',
      [400],
      (field) => ({
        contentType: 'multipart/form-data; boundary=two',
        body: Buffer.concat([filePart('two', field, picture), filePart('two', field, picture), end('two')]),
      }),
    ],
    [
      '50 text fields',
      [400, 413],
      () => ({
        contentType: 'multipart/form-data; boundary=many',
        body: Buffer.concat([...Array.from({ length: 50 }, (_, i) => textPart('many', `f${i}`, 'x')), end('many')]),
      }),
    ],
    [
      'a file in a field that takes none',
      [400],
      () => ({
        contentType: 'multipart/form-data; boundary=wf',
        body: Buffer.concat([filePart('wf', 'other', picture), end('wf')]),
      }),
    ],
    ['a JSON body', [400, 415], () => ({ contentType: 'application/json', body: Buffer.from('{"title":"x"}') })],
    ['a text/plain body', [415], () => ({ contentType: 'text/plain', body: Buffer.from('title=x') })],
    [
      'a url-encoded form',
      [415],
      () => ({ contentType: 'application/x-www-form-urlencoded', body: Buffer.from('title=x') }),
    ],
    [
      'multipart/mixed',
      [415],
      (field) => ({
        contentType: 'multipart/mixed; boundary=mx',
        body: Buffer.concat([filePart('mx', field, picture), end('mx')]),
      }),
    ],
    ['no content type', [400, 415], () => ({ contentType: undefined, body: Buffer.from('abc') })],
  ];

  it.each(cases)(
    '%s: answers a client error with a message on every form, writing nothing',
    async (_, allowed, build) => {
      const before = { rows: await rowCounts(), stored: await files(kit.storageDir) };
      for (const target of targets) {
        const { contentType, body } = build(target.fileField);
        const answer = await send(target.method, target.path, contentType, body);
        const where = `${target.name}: ${answer.status} ${answer.text}`;
        expect([where, allowed.includes(answer.status)]).toEqual([where, true]);
        const parsed = JSON.parse(answer.text) as { message?: unknown };
        expect([where, typeof parsed.message]).toEqual([where, 'string']);
        expect(answer.text).not.toMatch(/node_modules|\n\s+at |busboy|Error:/i);
      }
      expect(await files(kit.spoolDir)).toEqual([]);
      expect(await files(kit.storageDir)).toEqual(before.stored);
      expect(await rowCounts()).toEqual(before.rows);
    },
  );

  it('tells the client what is wrong with a form whose boundary does not match its body', async () => {
    const answer = await send(
      'POST',
      '/cuviewTV/upload_video/',
      'multipart/form-data; boundary=other',
      Buffer.from('--nope\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nabc'),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      message: 'The form is incomplete: it ends before its closing boundary, or its boundary is not the declared one',
    });
  });

  it('still accepts a well-formed form after the broken ones (the parser is not left stuck)', async () => {
    const boundary = 'fine';
    const body = Buffer.concat([
      textPart(boundary, 'title', 'After the storm'),
      filePart(boundary, 'image', picture),
      end(boundary),
    ]);
    const answer = await send('POST', '/cuviewTV/add_category/', `multipart/form-data; boundary=${boundary}`, body);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.text)).toMatchObject({ title: 'After the storm' });
  });
});
