// Issue 12, items 4-7: full-text search from the search screen (an artist, a composer, a word of
// a description, typed without accents or punctuation), the video-genre filter of the category
// screen, the share links' parameters, and the side menu at the 768 px breakpoint. The journeys
// make their own catalogue entries (SQL in the stack's database, copies of a demo video's
// stream and picture) with names no demo item holds, so they do not depend on the demo's titles.
// Any console error or uncaught page error fails a journey.
import assert from 'node:assert/strict';
import { before } from 'node:test';
import pg from 'pg';
import { BASE_URL, journey, sharedBrowser, signIn, VIEWER } from './browser.mjs';

const use = sharedBrowser();
/** Letters only, so that search normalisation keeps it whole; new on every run. */
const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const Tag = tag[0].toUpperCase() + tag.slice(1);
const fixture = {
  artist: `Lúmen-${Tag} Ensemble`,
  composer: `Zoë Ćirić ${Tag}`,
  word: `${tag}phone`,
  videoGenre: `Lyric Vidéo ${Tag}`,
};
/** id and title of each fixture video. */
const videos = {};
let videoGenreId;
let category;

before(async () => {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const one = async (text, values = []) => (await db.query(text, values)).rows[0];
    const demo = await one(
      `SELECT id FROM videos WHERE status = 1 AND hls_master_key IS NOT NULL AND thumbnail_key IS NOT NULL
       ORDER BY id LIMIT 1`,
    );
    assert.ok(demo, 'the demo catalogue has a playable video with a picture');
    category = await one('SELECT id, title FROM categories WHERE status = 1 ORDER BY id LIMIT 1');
    assert.ok(category, 'the demo catalogue has a category');
    const video = async (key, title, description = '') => {
      const row = await one(
        `INSERT INTO videos (title, description, status, duration, hls_master_key, thumbnail_key, processing_state)
         SELECT $1, $2, 1, duration, hls_master_key, thumbnail_key, processing_state FROM videos WHERE id = $3
         RETURNING id, title`,
        [title, description, demo.id],
      );
      videos[key] = row;
      return row.id;
    };
    const track = async (videoId, { member, composer }) => {
      const album = await one(`INSERT INTO albums (title, catalogue_num) VALUES ($1, $2) RETURNING id`, [
        `E2E album ${tag} ${videoId}`,
        `E2E-${tag}-${videoId}`,
      ]);
      const albumTrack = await one(
        `INSERT INTO album_tracks (album_id, position, title, duration) VALUES ($1, 1, $2, 30) RETURNING id`,
        [album.id, `E2E track ${videoId}`],
      );
      await db.query(
        `INSERT INTO video_tracks (video_id, album_track_id, position, start_time, end_time) VALUES ($1, $2, 1, 0, 30)`,
        [videoId, albumTrack.id],
      );
      if (member) {
        const m = await one('INSERT INTO members (title) VALUES ($1) RETURNING id', [member]);
        await db.query('INSERT INTO album_track_members (album_track_id, member_id) VALUES ($1, $2)', [
          albumTrack.id,
          m.id,
        ]);
      }
      if (composer) {
        const c = await one('INSERT INTO composers (title) VALUES ($1) RETURNING id', [composer]);
        await db.query('INSERT INTO album_track_composers (album_track_id, composer_id) VALUES ($1, $2)', [
          albumTrack.id,
          c.id,
        ]);
      }
    };
    await track(await video('byArtist', 'Harbour Lights'), { member: fixture.artist });
    await track(await video('byComposer', 'Requiem for the Tide'), { composer: fixture.composer });
    await video(
      'byDescription',
      'Untitled Session',
      `Filmed on a rainy evening in Saint-Étienne, with the ${fixture.word} of Pépé Moreau.`,
    );
    videoGenreId = (await one('INSERT INTO video_genres (title) VALUES ($1) RETURNING id', [fixture.videoGenre])).id;
    for (const key of ['byArtist', 'byComposer']) {
      await db.query('INSERT INTO video_videogenres (video_id, video_genre_id) VALUES ($1, $2)', [
        videos[key].id,
        videoGenreId,
      ]);
    }
  } finally {
    await db.end();
  }
});

/** Collects console errors of the page; the journey asserts there are none at its end. */
function consoleErrors(page) {
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The titles of the result cards, as their "Play ..." links name them. */
async function resultTitles(page) {
  const results = page.getByRole('region', { name: 'Results' });
  return (
    await results
      .getByRole('link', { name: /^Play / })
      .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')))
  ).map((name) => name.replace(/^Play /, ''));
}

async function searchFor(page, text) {
  const box = page.getByRole('combobox', { name: 'Search by title' });
  await box.fill(text);
  await box.press('Enter');
}

journey(
  use,
  'the search screen finds videos by artist, composer and a word of the description',
  {},
  async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto('/search');
    const results = page.getByRole('region', { name: 'Results' });
    // Typed as a person would: no accents, no hyphen, any case.
    for (const [text, expected] of [
      [`lumen ${tag} ensemble`, videos.byArtist.title],
      [`ZOE CIRIC ${tag}`, videos.byComposer.title],
      [fixture.word, videos.byDescription.title],
    ]) {
      await searchFor(page, text);
      await results.getByRole('link', { name: `Play ${expected}` }).waitFor();
      assert.deepEqual(await resultTitles(page), [expected], `results for "${text}"`);
    }
    // The artist's name is on the card too, as the catalogue writes it.
    await searchFor(page, `LUMEN ${tag}`);
    await results.getByText(fixture.artist).waitFor();
    assert.deepEqual(errors, [], 'console errors');
  },
);

journey(use, 'the category filter narrows to a video genre', {}, async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto(`/category/${encodeURIComponent(category.title)}/${category.id}`);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('tab', { name: 'Video genres' }).click();
  await page.getByLabel('Find video genres').fill(tag);
  await page.getByRole('button', { name: fixture.videoGenre }).click();
  await page.getByRole('button', { name: 'Show results' }).click();
  await page.waitForURL((url) => url.pathname === `/filter_results/${videoGenreId}!8`);
  // Titled by what it shows: the video genre (issue 12, item 2), its kind above it.
  await page.getByRole('heading', { name: fixture.videoGenre, exact: true }).waitFor();
  await page.getByText('Video genre', { exact: true }).waitFor();
  const grid = page.getByRole('link', { name: /^Play / });
  await grid.first().waitFor();
  const titles = (await grid.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')))).sort();
  assert.deepEqual(titles, [`Play ${videos.byArtist.title}`, `Play ${videos.byComposer.title}`].sort());
  assert.deepEqual(errors, [], 'console errors');
});

journey(use, "a search for a video genre's whole name offers its videos", {}, async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/search');
  // Typed without the accent and in any case; the titles hold no such words.
  await searchFor(page, `lyric VIDEO ${tag}`);
  const offer = page.getByRole('link', { name: `All videos of video genre ${fixture.videoGenre}` });
  await offer.click();
  await page.waitForURL((url) => url.pathname === `/filter_results/${videoGenreId}!8`);
  const grid = page.getByRole('link', { name: /^Play / });
  await grid.first().waitFor();
  const titles = (await grid.evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')))).sort();
  assert.deepEqual(titles, [`Play ${videos.byArtist.title}`, `Play ${videos.byComposer.title}`].sort());
  assert.deepEqual(errors, [], 'console errors');
});

journey(use, "share links carry Pinterest's media and X's related and hashtags", {}, async ({ page }) => {
  const errors = consoleErrors(page);
  // Reached through the video-genre filter, so this journey does not hang on search.
  await page.goto(`/filter_results/${videoGenreId}!8`);
  const card = page.getByRole('link', { name: `Play ${videos.byArtist.title}` });
  await card.hover();
  await page.getByRole('button', { name: `Share ${videos.byArtist.title}` }).click();
  const toolbar = page.getByRole('group', { name: 'Share' });
  const pin = new URL(await toolbar.getByRole('link', { name: 'Pinterest' }).getAttribute('href'));
  const sharePage = /\/share\/\d+\/\d+\/\d+\/$/;
  assert.match(pin.searchParams.get('url'), sharePage);
  assert.equal(pin.searchParams.get('media'), `${BASE_URL}/cuviewTV/image/video/${videos.byArtist.id}/600/`);
  assert.equal(pin.searchParams.get('description'), videos.byArtist.title);
  // The pinned picture exists: the video's own, served by the image service.
  const picture = await fetch(pin.searchParams.get('media'));
  assert.equal(picture.status, 200);
  assert.match(picture.headers.get('content-type'), /^image\//);
  const tweet = new URL(await toolbar.getByRole('link', { name: 'X (Twitter)' }).getAttribute('href'));
  assert.equal(tweet.origin + tweet.pathname, 'https://twitter.com/intent/tweet');
  assert.match(tweet.searchParams.get('url'), sharePage);
  assert.equal(tweet.searchParams.get('text'), videos.byArtist.title);
  assert.equal(tweet.searchParams.get('hashtags'), 'cuview,music');
  assert.equal(tweet.searchParams.get('related'), 'cuviewtv');
  assert.deepEqual(errors, [], 'console errors');
});

journey(use, 'a search result plays, then the playlist it plays in follows it', {}, async ({ page }) => {
  const errors = consoleErrors(page);
  await signIn(page, VIEWER);
  await page.goto('/search');
  await searchFor(page, `lumen ${tag} ensemble`);
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: `Play ${videos.byArtist.title}` })
    .click();
  await page.waitForURL((url) => url.searchParams.get('v') === String(videos.byArtist.id));
  // It plays in the last active playlist, which does not hold it: Next leads into that playlist.
  const playlistId = new URL(page.url()).searchParams.get('p');
  const playlist = await (await fetch(`${BASE_URL}/cuviewTV/get_custom_playlist/${playlistId}/`)).json();
  assert.ok(!playlist.videos.some((v) => v.id === videos.byArtist.id), 'the result is not in that playlist');
  const player = page.getByRole('region', { name: `Video player: ${videos.byArtist.title}` });
  await player.waitFor();
  await player.hover();
  assert.equal(await page.getByRole('button', { name: 'Previous video' }).isDisabled(), true, 'nothing before it');
  await page.getByRole('button', { name: 'Next video' }).click();
  await page.waitForURL((url) => url.searchParams.get('v') === String(playlist.videos[0].id));
  await page.getByRole('region', { name: `Video player: ${playlist.videos[0].title}` }).waitFor();
  assert.deepEqual(errors, [], 'console errors');
});

for (const [width, drawer] of [
  [768, false],
  [767, true],
]) {
  journey(
    use,
    `at ${width} px the side menu is ${drawer ? 'a drawer' : 'beside the page'}`,
    { viewport: { width, height: 800 } },
    async ({ page }) => {
      const errors = consoleErrors(page);
      await page.goto('/search');
      await page.getByRole('heading', { name: 'Search' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Open menu' }).isVisible(), drawer, 'the drawer button');
      assert.equal(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).isVisible(),
        !drawer,
        'the menu entries without opening anything',
      );
      assert.deepEqual(errors, [], 'console errors');
    },
  );
}
