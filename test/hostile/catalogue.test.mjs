// Hostile: the public catalogue, search and filters. Ids and pages that are not ids, odd bytes
// in search text, huge and deep filter bodies, and items whose access is off asked for by id
// (catalogue, search, images, the HLS stream itself, the share page).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { API, assertSafe, cases, deepJson, expectAnswer, parallel, request, withDb } from './hostile.mjs';

const BAD_IDS = [
  ['0', '0'],
  ['-1', '-1'],
  ['1e3', '1e3'],
  ['0x10', '0x10'],
  ['abc', 'abc'],
  ['a float', '1.5'],
  ['past the integer range', '2147483648'],
  ['twenty digits', '99999999999999999999'],
  ['an encoded NUL', '1%00'],
  ['an encoded space', '%201'],
];

describe('ids and pages that are not ids answer 400', () => {
  const rows = [];
  for (const [label, id] of BAD_IDS) {
    rows.push([`get_video/${label}`, [400], 'GET', `${API}/get_video/${id}/`]);
  }
  for (const [label, id] of BAD_IDS.slice(0, 6)) {
    rows.push([`get_playlist_videos/${label}`, [400], 'GET', `${API}/get_playlist_videos/${id}/`]);
    rows.push([`get_category_videos page ${label}`, [400], 'GET', `${API}/get_category_videos/1/${id}/`]);
  }
  rows.push(
    ['get_group_playlists with a negative id', [400], 'GET', `${API}/get_group_playlists/-5/`],
    ['get_custom_playlist with a huge id', [400], 'GET', `${API}/get_custom_playlist/99999999999/`],
    ['get_search_results page 0', [400], 'POST', `${API}/get_search_results/night/0/`],
    ['get_filter_results page -1', [400], 'POST', `${API}/get_filter_results/-1/`, { body: { data: '' } }],
    ['get_artists_for_filter page abc', [400], 'POST', `${API}/get_artists_for_filter/a/abc/`, { body: { data: '' } }],
    ['a page far past the end answers an empty list', [200], 'POST', `${API}/get_search_results/night/2147483647/`],
    ['an id that does not exist answers 404', [404], 'GET', `${API}/get_video/2147483647/`],
  );
  cases(rows);
});

describe('search and filter text from an attacker', () => {
  cases([
    ['search: a NUL byte', [200, 400], 'POST', `${API}/get_search_results/a%00b/1/`],
    ['search suggestions: a NUL byte', [200, 400], 'POST', `${API}/get_search_suggestions/a%00b/`],
    ['search: invalid UTF-8 percent-encoded', [200, 400], 'POST', `${API}/get_search_results/%C3%28%FF/1/`],
    ['search: 10,000 characters', [200, 400, 414], 'POST', `${API}/get_search_results/${'a'.repeat(10_000)}/1/`],
    [
      'search: SQL and LIKE wildcards',
      [200],
      'POST',
      `${API}/get_search_results/${encodeURIComponent("%' OR 1=1; DROP TABLE videos; --_")}/1/`,
    ],
    [
      'search: regular-expression and trigram edge characters',
      [200],
      'POST',
      `${API}/get_search_results/${encodeURIComponent('(((((a+)+)+)+)+$\\')}/1/`,
    ],
    ['search: an encoded slash and dots', [200, 400, 404], 'POST', `${API}/get_search_results/..%2F..%2Fetc/1/`],
    ['search playlists: a NUL byte', [200, 400], 'POST', `${API}/get_search_playlists/a%00b/`],
    ['search playlists: invalid UTF-8 percent-encoded', [200, 400], 'POST', `${API}/get_search_playlists/%C3%28%FF/`],
    ['search playlists: 10,000 characters', [400, 414], 'POST', `${API}/get_search_playlists/${'a'.repeat(10_000)}/`],
    [
      'search playlists: SQL and LIKE wildcards',
      [200],
      'POST',
      `${API}/get_search_playlists/${encodeURIComponent("%' OR 1=1; DROP TABLE playlists; --_")}/`,
    ],
    [
      'search playlists: regular-expression and trigram edge characters',
      [200],
      'POST',
      `${API}/get_search_playlists/${encodeURIComponent('(((((a+)+)+)+)+$\\')}/`,
    ],
    [
      'search playlists: a forged token reads as anonymous',
      [200],
      'POST',
      `${API}/get_search_playlists/jazz/`,
      { token: 'x.y.z' },
    ],
    [
      'filter: a malformed filter list',
      [400],
      'POST',
      `${API}/get_filter_results/1/`,
      { body: { data: '1!2|x!y|!!' } },
    ],
    ['filter: an unknown filter kind', [400], 'POST', `${API}/get_filter_results/1/`, { body: { data: '1!99' } }],
    [
      'filter: ids past the integer range',
      [400],
      'POST',
      `${API}/get_filter_results/1/`,
      { body: { data: '99999999999!2' } },
    ],
    ['filter: data as an object', [400], 'POST', `${API}/get_filter_results/1/`, { body: { data: { a: 1 } } }],
    [
      'filter: 5,000 entries',
      [400],
      'POST',
      `${API}/get_filter_results/1/`,
      { body: { data: Array.from({ length: 5000 }, (_, i) => `${i + 1}!2`).join('|') } },
    ],
    ['filter: 5,000-deep nested JSON', [400], 'POST', `${API}/get_filter_results/1/`, { body: deepJson(5000, 'data') }],
    [
      'filter: a NUL byte in the filter list',
      [400],
      'POST',
      `${API}/get_videos_length_for_filter/`,
      { body: { data: '1!2\u0000' } },
    ],
    [
      'facets: a NUL byte in the query',
      [200, 400],
      'POST',
      `${API}/get_artists_for_filter/a%00/1/`,
      { body: { data: '' } },
    ],
    [
      'facets: text/plain body',
      [200, 400, 415],
      'POST',
      `${API}/get_genres_for_filter/`,
      { body: 'data=1!2', headers: { 'content-type': 'text/plain' } },
    ],
    [
      'activities: 10,000 characters of query',
      [200, 400, 414],
      'POST',
      `${API}/get_activities/${'z'.repeat(10_000)}/1/`,
      { body: { data: '' } },
    ],
    ['an unknown route answers a JSON 404', [404], 'GET', `${API}/no_such_call/`],
    ['an unknown method answers 404 or 405', [404, 405], 'PATCH', `${API}/get_groups/`],
  ]);
});

describe('items whose access is off, asked for by id', () => {
  const HIDDEN_VIDEO = 827;
  const HIDDEN_PLAYLIST = 9;
  const HIDDEN_GROUP = 2;
  let HIDDEN_CATEGORY; // the demo's category whose access is off ("Studio Sessions")
  let stream;
  before(async () => {
    HIDDEN_CATEGORY = await withDb(
      async (db) =>
        (await db.query("SELECT id FROM categories WHERE title = 'Studio Sessions' AND status = 0")).rows[0]?.id,
    );
    assert.ok(HIDDEN_CATEGORY, 'the demo has a hidden category');
    // Visible first (a rerun against the same stack), then the addresses a viewer's player had.
    await withDb((db) => db.query('UPDATE videos SET status = 1 WHERE id = $1', [HIDDEN_VIDEO]));
    const video = await request('GET', `${API}/get_video/${HIDDEN_VIDEO}/`);
    assert.equal(video.status, 200, 'the video is visible before it is hidden');
    const master = video.json.scripted_bunny_path;
    const masterText = (await request('GET', master)).text;
    const variant = new URL(
      masterText.split('\n').find((l) => l && !l.startsWith('#')),
      `http://x${master}`,
    ).pathname;
    const variantText = (await request('GET', variant)).text;
    const init = /URI="([^"]+)"/.exec(variantText)?.[1] ?? variantText.split('\n').find((l) => l && !l.startsWith('#'));
    const segment = new URL(init, `http://x${variant}`).pathname;
    assert.equal((await request('GET', segment)).status, 200, 'the segment is served while the video is visible');
    stream = { master, variant, segment };
    // Staff switch the video's access off (as the admin console's toggle does).
    await withDb((db) => db.query('UPDATE videos SET status = 0 WHERE id = $1', [HIDDEN_VIDEO]));
  });

  const gone = [401, 403, 404, 410];
  test('get_video of a hidden video', () => expectAnswer(404, 'GET', `${API}/get_video/${HIDDEN_VIDEO}/`));
  test('check_playlist of a hidden video needs sign-in first', () =>
    expectAnswer(401, 'GET', `${API}/check_playlist/${HIDDEN_VIDEO}/`));
  test('search does not find a hidden video', async () => {
    const res = await expectAnswer(200, 'POST', `${API}/get_search_results/Voltage/1/`);
    assert.ok(!JSON.stringify(res.json).includes(`"id":${HIDDEN_VIDEO},`), 'the hidden video is in the results');
  });
  test('suggestions do not offer a hidden video', async () => {
    const res = await expectAnswer(200, 'POST', `${API}/get_search_suggestions/Voltage/`);
    assert.ok(!JSON.stringify(res.json).includes('Voltage'), res.text);
  });
  test('playlist search does not find a hidden playlist', async () => {
    const title = await withDb(
      async (db) => (await db.query('SELECT title FROM playlists WHERE id = $1', [HIDDEN_PLAYLIST])).rows[0]?.title,
    );
    assert.ok(title, 'the demo has the hidden playlist');
    const res = await expectAnswer(200, 'POST', `${API}/get_search_playlists/${encodeURIComponent(title)}/`);
    assert.ok(!res.json.some((p) => p.id === HIDDEN_PLAYLIST), res.text.slice(0, 300));
  });
  test('a playlist does not list its hidden video', async () => {
    const res = await expectAnswer(200, 'GET', `${API}/get_playlist_videos/10/`);
    assert.ok(!JSON.stringify(res.json).includes(`"id":${HIDDEN_VIDEO},`), 'the hidden video is listed');
  });
  test('the image of a hidden video', () => expectAnswer(404, 'GET', `${API}/image/video/${HIDDEN_VIDEO}/300/`));
  test('the HLS master playlist of a hidden video', () => expectAnswer(gone, 'GET', stream.master));
  test('a rendition playlist of a hidden video', () => expectAnswer(gone, 'GET', stream.variant));
  test('a media segment of a hidden video', () => expectAnswer(gone, 'GET', stream.segment));
  test('the share page of a hidden video', () => expectAnswer(404, 'GET', `/share/${HIDDEN_VIDEO}/10/10/`));
  test('get_analyze_info of a hidden video needs sign-in', () =>
    expectAnswer(401, 'GET', `${API}/get_analyze_info/${HIDDEN_VIDEO}/0/0/`));
  test('a hidden playlist by id', () => expectAnswer(404, 'GET', `${API}/get_playlist_videos/${HIDDEN_PLAYLIST}/`));
  test('a hidden playlist through get_custom_playlist', () =>
    expectAnswer(404, 'GET', `${API}/get_custom_playlist/${HIDDEN_PLAYLIST}/`));
  test('the image of a hidden playlist', () =>
    expectAnswer(404, 'GET', `${API}/image/playlist/${HIDDEN_PLAYLIST}/300/`));
  test('a hidden category by id', () => expectAnswer(404, 'GET', `${API}/get_category_videos/${HIDDEN_CATEGORY}/1/`));
  test('a hidden group by id', () => expectAnswer(404, 'GET', `${API}/get_group_playlists/${HIDDEN_GROUP}/`));
  test('the category list leaves hidden ones out', async () => {
    const res = await expectAnswer(200, 'GET', `${API}/get_categories/`);
    assert.ok(!res.json.some((c) => c.id === HIDDEN_CATEGORY), res.text.slice(0, 300));
  });
  test('originals are never served by the media route', async () => {
    const key = await withDb(
      async (db) => (await db.query('SELECT original_key FROM videos WHERE id = 403')).rows[0].original_key,
    );
    assert.ok(key, 'video 403 has an original');
    await expectAnswer(404, 'GET', `${API}/media/${key}`);
  });
});

test('50 parallel playlist searches from 50 addresses all answer, none with a 500', async () => {
  const answers = await parallel(50, (i) =>
    request('POST', `${API}/get_search_playlists/${encodeURIComponent(`jazz ${i % 5}`)}/`, {
      from: `127.0.9.${i + 1}`,
    }),
  );
  for (const res of answers) {
    assertSafe(res);
    assert.ok([200, 429].includes(res.status), `${res.status} ${res.text.slice(0, 200)}`);
  }
  assert.ok(
    answers.some((res) => res.status === 200),
    'every search was refused',
  );
});

test('every answer of the catalogue carries no stack trace even for a HEAD', async () => {
  for (const p of [`${API}/get_video/abc/`, `${API}/get_groups/`, `${API}/nothing/`])
    assertSafe(await request('HEAD', p));
});
