// Hostile: the admin console's endpoints. Every kind of admin call as anonymous, guest and
// viewer; odd bytes and deep bodies as staff; uploads that are not what they claim to be
// (wrong types, a truncated MP4, oversized declarations, SVG with scripts, a PNG bomb).
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  API,
  assertSafe,
  deepJson,
  expectAnswer,
  guestTokens,
  login,
  multipart,
  request,
  STAFF,
  VIEWER,
} from './hostile.mjs';
import { makeClip, videoInfo } from '../support/uploads.mjs';

let staff;
let viewer;
let guest;
let work;
let clip; // a real 4 s H.264/AAC faststart MP4

before(async () => {
  staff = await login(STAFF);
  viewer = await login(VIEWER);
  guest = await guestTokens();
  work = mkdtempSync(path.join(tmpdir(), 'hostile-'));
  clip = await makeClip(path.join(work, 'clip.mp4'), { seconds: 4, width: 320, height: 180, fps: 15 });
});
after(() => rmSync(work, { recursive: true, force: true }));

/** One admin call of each shape: [method, path, body]. */
const ADMIN_CALLS = [
  ['GET', `${API}/get_videos_for_admin/1/`],
  ['GET', `${API}/get_video_info/403/`],
  ['GET', `${API}/get_videos_off/1/`],
  ['POST', `${API}/get_filter_results_for_admin/1/`, { data: '' }],
  ['POST', `${API}/add_tag/`, { title: 'intruder tag' }],
  ['POST', `${API}/add_group/`, { title: 'Intruder Group' }],
  ['PUT', `${API}/edit_group/4/`, { title: 'Owned' }],
  ['DELETE', `${API}/delete_video/403/1/`],
  ['DELETE', `${API}/delete_playlist_for_admin/10/`],
  ['GET', `${API}/arrange_groups/1/2/`],
  ['GET', `${API}/get_banner_videos/`],
  ['GET', `${API}/get_categories_for_admin/`],
  ['GET', `${API}/add_category_tag/1/1/`],
  ['POST', `${API}/retry_video_processing/403/`],
  ['GET', `${API}/admin/themes/?sort=title`],
  ['GET', `${API}/admin/banners/`],
  ['GET', `${API}/admin/categories/?tag=1`],
  ['POST', `${API}/admin/playlists/bulk/`, { action: 'delete', filter: {} }],
];

describe('admin calls by people who are not staff', () => {
  for (const [method, pathname, body] of ADMIN_CALLS) {
    test(`${method} ${pathname.slice(API.length)}: anonymous 401, guest and viewer 403`, async () => {
      await expectAnswer(401, method, pathname, { body });
      await expectAnswer(403, method, pathname, { body, token: guest.access });
      await expectAnswer(403, method, pathname, { body, token: viewer.access });
    });
  }
  test('an upload by a viewer is refused before its bytes are stored', async () => {
    const form = multipart([{ name: 'file', filename: 'clip.mp4', data: clip, contentType: 'video/mp4' }]);
    await expectAnswer(403, 'POST', `${API}/upload_video/`, { ...form, token: viewer.access });
  });
});

describe('staff calls with hostile input', () => {
  const asStaff = (statuses, method, pathname, options = {}) =>
    expectAnswer(statuses, method, pathname, { ...options, token: staff.access });
  test('add_tag: a NUL byte in the title', () =>
    asStaff(400, 'POST', `${API}/add_tag/`, { body: { title: 'nul\u0000tag' } }));
  test('add_videogenre: a NUL byte in the title', () =>
    asStaff(400, 'POST', `${API}/add_videogenre/`, { body: { title: 'nul\u0000genre' } }));
  test('add_group: a NUL byte in the title', () =>
    asStaff(400, 'POST', `${API}/add_group/`, { body: { title: 'Nul\u0000Group' } }));
  test('admin video search: a NUL byte', () =>
    asStaff([200, 400], 'GET', `${API}/get_search_results_for_admin/a%00b/1/`));
  test('admin playlist search: a NUL byte', () =>
    asStaff([200, 400], 'GET', `${API}/get_playlists_search_results/a%00b/1/`));
  test('admin tag filter: a NUL byte', () => asStaff([200, 400], 'GET', `${API}/get_tags_for_admin_filter/a%00b/1/`));
  test('admin album filter: a NUL byte', () =>
    asStaff([200, 400], 'GET', `${API}/get_albums_for_admin_filter/a%00b/1/`));
  test('video suggestions: a NUL byte', () => asStaff([200, 400], 'POST', `${API}/video_search_suggestions/a%00b/`));
  test('add_group: 5,000-deep nested JSON', () =>
    asStaff(400, 'POST', `${API}/add_group/`, { body: deepJson(5000, 'title') }));
  test('admin filter: 5,000-deep nested arrays in data', () =>
    asStaff(400, 'POST', `${API}/get_filter_results_for_admin/1/`, {
      body: `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    }));
  test('admin filter: 5,000-deep nested objects in data', () =>
    asStaff(400, 'POST', `${API}/get_filter_results_for_admin/1/`, { body: `{"data":[${deepJson(5000, 'id')}]}` }));
  test('add_banner_video: ids as strings of SQL', () =>
    asStaff(400, 'POST', `${API}/add_banner_video/`, {
      body: { video_id: '1 OR 1=1', playlist_id: 10, group_id: 10 },
    }));
  test('edit_group: status 7', () => asStaff(400, 'PUT', `${API}/edit_group/4/`, { body: { status: 7 } }));
  test('arrange_groups: positions far out of range', () =>
    asStaff([400, 404], 'GET', `${API}/arrange_groups/1/2147483647/`));
  test('get_video_info: id past the integer range', () => asStaff(400, 'GET', `${API}/get_video_info/2147483648/`));
  test('delete_video: a traversal as bunny_id changes nothing else', () =>
    asStaff([200, 400, 404], 'DELETE', `${API}/delete_video/2147483647/..%2F..%2Fetc/`));
  test('playlist bulk: ids as SQL text, a huge id list, a filter with a sort key', async () => {
    const bulk = (body) => asStaff(400, 'POST', `${API}/admin/playlists/bulk/`, { body });
    await bulk({ action: 'access_off', ids: ['1 OR 1=1'] });
    await bulk({ action: 'access_off', ids: Array.from({ length: 5000 }, (_, i) => i + 1) });
    await bulk({ action: 'access_off', filter: { sort: 'title; DROP TABLE playlists' } });
    await bulk({ action: 'add_to_theme', ids: [10], group_id: '4; --' });
  });
  test('hand-ordered lists: bad sort keys and huge page sizes', async () => {
    for (const query of ['sort=position%3BDROP', 'page_size=100000', 'page=99999999999', 'order=sideways']) {
      for (const list of ['themes', 'banners', 'categories']) {
        await asStaff(400, 'GET', `${API}/admin/${list}/?${query}`);
      }
    }
  });
  test('add_category: unknown form fields (mass assignment of id)', async () => {
    const form = multipart([
      { name: 'title', value: 'Mass' },
      { name: 'id', value: '1' },
    ]);
    await asStaff(400, 'POST', `${API}/add_category/`, form);
  });
});

describe('uploads', () => {
  const upload = (parts, headers = {}) => {
    const form = multipart(parts);
    return request('POST', `${API}/upload_video/`, {
      body: form.body,
      headers: { ...form.headers, ...headers },
      token: staff.access,
    });
  };
  const refused = async (statuses, res) => {
    assertSafe(res);
    assert.ok(
      [statuses].flat().includes(res.status),
      `expected ${statuses}, got ${res.status} ${res.text.slice(0, 300)}`,
    );
  };

  test('a real clip is accepted (the control case)', async () => {
    const res = await upload([{ name: 'file', filename: 'clip.mp4', data: clip, contentType: 'video/mp4' }]);
    await refused(201, res);
  });
  test('a text file named .mp4', async () => {
    await refused(
      415,
      await upload([
        {
          name: 'file',
          filename: 'clip.mp4',
          data: Buffer.from('hello, not a video\n'.repeat(100)),
          contentType: 'video/mp4',
        },
      ]),
    );
  });
  test('a PNG picture as the video', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048)]);
    await refused(415, await upload([{ name: 'file', filename: 'x.mp4', data: png, contentType: 'video/mp4' }]));
  });
  test('an HTML page with a script as the video', async () => {
    await refused(
      415,
      await upload([
        {
          name: 'file',
          filename: 'x.html',
          data: Buffer.from('<!doctype html><script>alert(1)</script>'),
          contentType: 'text/html',
        },
      ]),
    );
  });
  test('the first 10 % of a real MP4 (a truncated upload) is not accepted as a video', async () => {
    const cut = clip.subarray(0, Math.floor(clip.length / 10));
    await refused(
      [400, 415, 422],
      await upload([{ name: 'file', filename: 'cut.mp4', data: cut, contentType: 'video/mp4' }]),
    );
  });
  test('a file name with a path and a NUL byte does not reach storage keys', async () => {
    const res = await upload([
      { name: 'file', filename: '../../../etc/passwd\u0000.mp4', data: clip, contentType: 'video/mp4' },
    ]);
    await refused([201, 400], res);
    if (res.status === 201) assert.doesNotMatch(res.json.file_original_path_linux, /\.\.|passwd|\0/);
  });
  test('a declared size over the limit is refused at once', async () => {
    const res = await request('POST', `${API}/upload_video/`, {
      body: Buffer.from('x'),
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(5 * 1024 ** 4) },
      token: staff.access,
    }).catch((error) => ({ error }));
    // Refusing by closing the connection is acceptable too; an answer must be 413 (or 400).
    if (res.error || res.status === 0) return;
    await refused([400, 413], res);
  });
  test('a JSON body where a multipart form is expected', async () => {
    const res = await request('POST', `${API}/upload_video/`, { body: { file: 'x' }, token: staff.access });
    await refused([400, 406, 415], res);
  });
  test('a multipart body with a broken boundary', async () => {
    const res = await request('POST', `${API}/upload_video/`, {
      body: Buffer.from('--nope\r\nContent-Disposition: form-data; name="file"; filename="a.mp4"\r\n\r\nabc'),
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
      token: staff.access,
    });
    await refused([400, 415], res);
  });
  test('fill_video_info naming a server path instead of an upload', async () => {
    const ids = { genre: 1, mood: 1, videoGenre: 1, tag: 1, track: 1, album: 1 };
    const data = videoInfo({ title: 'Traversal', key: '../../../../etc/passwd', duration: 3, ...ids });
    const form = multipart([{ name: 'data', value: data }]);
    await refused(400, await request('POST', `${API}/fill_video_info/`, { ...form, token: staff.access }));
  });
  test('fill_video_info with data that is not JSON', async () => {
    const form = multipart([{ name: 'data', value: '{not json' }]);
    await refused(400, await request('POST', `${API}/fill_video_info/`, { ...form, token: staff.access }));
  });
  test('fill_video_info with 5,000-deep JSON in data', async () => {
    const form = multipart([{ name: 'data', value: deepJson(5000, 'title') }]);
    await refused(400, await request('POST', `${API}/fill_video_info/`, { ...form, token: staff.access }));
  });
});

describe('images that are not what they claim', () => {
  const SVG_WITH_SCRIPT = Buffer.from(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)">' +
      '<script>alert(document.cookie)</script><rect width="40" height="40" fill="red"/></svg>',
  );
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    let crc = 0xffffffff;
    for (const byte of body) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
    return out;
  };
  const pngBomb = () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(50_000, 0);
    ihdr.writeUInt32BE(50_000, 4);
    ihdr[8] = 8;
    ihdr[9] = 2;
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  let category;
  before(async () => {
    const form = multipart([
      { name: 'title', value: 'Hostile Icons' },
      { name: 'status', value: '1' },
    ]);
    const res = await request('POST', `${API}/add_category/`, { ...form, token: staff.access });
    assert.equal(res.status, 201, res.text);
    category = res.json.id;
  });

  test('an SVG icon with scripts is never served as SVG', async () => {
    const form = multipart([
      { name: 'title', value: 'Hostile Icons' },
      { name: 'image', filename: 'x.svg', data: SVG_WITH_SCRIPT, contentType: 'image/svg+xml' },
    ]);
    const res = await expectAnswer([200, 400, 415], 'PUT', `${API}/update_category/${category}/`, {
      ...form,
      token: staff.access,
    });
    if (res.status !== 200) return;
    // The resize job runs in the worker; the icon, once there, is a raster picture.
    const deadline = Date.now() + 20_000;
    let image;
    do {
      image = await request('GET', `${API}/image/category/${category}/300/`);
      if (image.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } while (Date.now() < deadline);
    assertSafe(image);
    if (image.status === 200) {
      assert.match(image.headers['content-type'], /^image\/(png|jpeg|webp)/);
      assert.ok(!image.raw.includes('<script'), 'the served icon carries the script');
    }
  });
  test('an HTML page renamed .png as a thumbnail', async () => {
    const form = multipart([
      {
        name: 'file',
        filename: 'x.png',
        data: Buffer.from('<!doctype html><script>alert(1)</script>'),
        contentType: 'image/png',
      },
    ]);
    await expectAnswer(415, 'PUT', `${API}/edit_video_thumbnail/403/`, { ...form, token: staff.access });
  });
  test('a PNG bomb (50,000 x 50,000) as a thumbnail', async () => {
    const form = multipart([{ name: 'file', filename: 'bomb.png', data: pngBomb(), contentType: 'image/png' }]);
    await expectAnswer([400, 413, 415], 'PUT', `${API}/edit_video_thumbnail/403/`, { ...form, token: staff.access });
  });
  test('an SVG as a video thumbnail', async () => {
    const form = multipart([{ name: 'file', filename: 'x.svg', data: SVG_WITH_SCRIPT, contentType: 'image/svg+xml' }]);
    await expectAnswer([400, 415], 'PUT', `${API}/edit_video_thumbnail/403/`, { ...form, token: staff.access });
  });
});
