// Hostile: media and image addresses (path traversal, encodings, ranges), the tracker behind
// /tracker/, the share page, analysis and the health probes.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { API, cases, expectAnswer, login, request, VIEWER } from './hostile.mjs';

let master; // a real master playlist address of a visible video

before(async () => {
  const video = await request('GET', `${API}/get_video/403/`);
  assert.equal(video.status, 200, video.text);
  master = video.json.scripted_bunny_path;
});

describe('path traversal and odd encodings on the media route', () => {
  const M = `${API}/media`;
  cases([
    ['media: ../ to /etc/passwd', [400, 404], 'GET', `${M}/hls/../../../../etc/passwd`],
    ['media: percent-encoded ../', [400, 404], 'GET', `${M}/hls/%2e%2e/%2e%2e/%2e%2e/etc/passwd`],
    ['media: double-encoded ../', [400, 404], 'GET', `${M}/hls/%252e%252e%252f%252e%252e%252fetc%252fpasswd`],
    ['media: encoded slashes', [400, 404], 'GET', `${M}/hls%2F..%2F..%2F..%2Fetc%2Fpasswd`],
    ['media: backslashes', [400, 404], 'GET', `${M}/hls/..\\..\\..\\etc\\passwd`],
    ['media: an absolute path', [400, 404], 'GET', `${M}//etc/passwd`],
    ['media: a NUL byte', [400, 404], 'GET', `${M}/hls/403/master.m3u8%00.png`],
    ['media: the originals folder', [400, 404], 'GET', `${M}/originals/`],
    ['media: hls/ climbing to originals', [400, 404], 'GET', `${M}/hls/../originals/x.mp4`],
    ['media: overlong UTF-8 dot-dot', [400, 404], 'GET', `${M}/hls/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd`],
    ['media: a 10,000-character key', [400, 404, 414], 'GET', `${M}/hls/${'a'.repeat(10_000)}`],
    ['media: an unknown kind', [404], 'GET', `${M}/secrets/x`],
  ]);
  test('media: an unsatisfiable range answers 416 with a message', async () => {
    await expectAnswer(416, 'GET', master, { headers: { range: 'bytes=999999999-' } });
  });
  test('media: a malformed range', async () => {
    await expectAnswer([200, 416], 'GET', master, { headers: { range: 'bytes=--5,abc' } });
  });
  test('media: a range with huge numbers', async () => {
    await expectAnswer([200, 206, 416], 'GET', master, { headers: { range: 'bytes=0-99999999999999999999999' } });
  });
});

describe('image addresses', () => {
  const I = `${API}/image`;
  cases([
    ['image: a kind that is a path', [400, 404], 'GET', `${I}/..%2F..%2Fetc/1/300/`],
    ['image: an unknown kind', [400], 'GET', `${I}/user/1/300/`],
    ['image: a size that is not offered', [400], 'GET', `${I}/video/403/301/`],
    ['image: a size that is a word', [400], 'GET', `${I}/video/403/big/`],
    ['image: a negative id', [400], 'GET', `${I}/video/-403/300/`],
    ['image: an id past the integer range', [400], 'GET', `${I}/video/2147483648/300/`],
    ['image: extra path segments', [404], 'GET', `${I}/video/403/300/../../../../etc/passwd`],
    ['image: a missing image answers 404 for the default cover', [404], 'GET', `${I}/video/2147483647/300/`],
  ]);
});

describe('the tracker behind /tracker/', () => {
  cases([
    ['tracker: an unknown call is not a server error', [400, 404], 'POST', '/tracker/get_everything', { body: {} }],
    ['tracker: a path climbing out', [400, 404], 'POST', '/tracker/..%2Fadmin', { body: {} }],
    [
      'tracker: wm_numbers of the wrong shape',
      [400],
      'POST',
      '/tracker/get_info_by_wm_nums',
      { body: { wm_numbers: 'abc' } },
    ],
    [
      'tracker: wm_numbers with a NUL string',
      [400],
      'POST',
      '/tracker/get_info_by_wm_nums',
      { body: { wm_numbers: ['\u0000', 156, 300, 400] } },
    ],
    [
      'tracker: fp_numbers far over the limit',
      [400, 413],
      'POST',
      '/tracker/get_info_by_fp_nums',
      { body: { fp_numbers: Array.from({ length: 100_000 }, (_, i) => i) } },
    ],
    [
      'tracker: fp_numbers that are not numbers',
      [400],
      'POST',
      '/tracker/get_info_by_fp_nums',
      { body: { fp_numbers: ['x', { a: 1 }] } },
    ],
    [
      'tracker: 5,000-deep nested JSON',
      [400],
      'POST',
      '/tracker/get_info_by_wm_nums',
      { body: `{"wm_numbers":${'['.repeat(5000)}${']'.repeat(5000)}}` },
    ],
    [
      'tracker: a session id of 100 KB',
      [400],
      'POST',
      '/tracker/get_info_by_wm_nums',
      { body: { wm_numbers: [1, 156, 300, 400], session_id: 's'.repeat(100_000) } },
    ],
  ]);
});

describe('share page, analysis and probes', () => {
  let viewer;
  before(async () => {
    viewer = await login(VIEWER);
  });
  cases([
    ['share: ids that are words', [400, 404], 'GET', '/share/abc/def/ghi/'],
    [
      'share: a script in the path is not reflected',
      [400, 404],
      'GET',
      '/share/%3Cscript%3Ealert(1)%3C%2Fscript%3E/1/1/',
    ],
    ['share: an unknown video', [404], 'GET', '/share/2147483647/10/10/'],
    ['healthz answers', [200], 'GET', '/healthz'],
    ['readyz answers', [200], 'GET', '/readyz'],
  ]);
  test('share: a visible video names no script from the query string', async () => {
    const res = await expectAnswer(200, 'GET', '/share/403/10/10/?x=%3Cscript%3Ealert(1)%3C/script%3E');
    assert.ok(!res.text.includes('<script>alert(1)'), 'the page reflects the query string');
  });
  test('analysis: anonymous', () => expectAnswer(401, 'GET', `${API}/get_analyze_info/403/0/0/`));
  test('analysis: a negative offset', () =>
    expectAnswer(400, 'GET', `${API}/get_analyze_info/403/0/-5/`, { token: viewer.access }));
  test('analysis: an offset past the end', () =>
    expectAnswer([400, 404, 200], 'GET', `${API}/get_analyze_info/403/0/2147483647/`, { token: viewer.access }));
  test('analysis: words as ids', () =>
    expectAnswer(400, 'GET', `${API}/get_analyze_info/abc/0/0/`, { token: viewer.access }));
  test('analysis: an unknown video', () =>
    expectAnswer(404, 'GET', `${API}/get_analyze_info/2147483647/0/0/`, { token: viewer.access }));
  test('CORS: a foreign origin gets no allow-origin header', async () => {
    const res = await request('OPTIONS', `${API}/get_groups/`, {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    assert.ok(res.status < 500);
    assert.notEqual(res.headers['access-control-allow-origin'], 'https://evil.example');
    assert.notEqual(res.headers['access-control-allow-origin'], '*');
  });
  test('security headers on an error answer', async () => {
    const res = await request('GET', `${API}/get_video/abc/`);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.ok(res.headers['content-security-policy'], 'no CSP header');
  });
});
