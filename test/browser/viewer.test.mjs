// Issue 7, the viewer: a visitor's first look and the sign-in detour, then playback as a
// signed-in person sees it (the video plays, the quality picker, the track strip, next and
// previous), and the analysis of the playing moment with its results panel.
import assert from 'node:assert/strict';
import pg from 'pg';
import {
  assertAccessible,
  assertNoSidewaysOverflow,
  BASE_URL,
  DESKTOP,
  eventually,
  journey,
  sharedBrowser,
  PHONE,
  screenshot,
  signIn,
  swipe,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();

for (const viewport of [DESKTOP, PHONE]) {
  journey(use, `the landing page shows the catalogue at ${viewport.width} px`, { viewport }, async ({ page }) => {
    const bannerCalls = [];
    page.on('request', (request) => {
      if (request.url().includes('/get_videos_for_banner')) bannerCalls.push(request.url());
    });
    await page.goto('/');
    const title = page.locator('.hero__title');
    await title.waitFor();
    assert.match(await title.textContent(), /^NIGHT DRIVE/, 'the first banner, in upper case');
    // The hero came with the page: no round trip for its banners, and its poster preloaded.
    assert.deepEqual(bannerCalls, [], 'the banners are written into the page');
    const preload = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    assert.equal(await page.locator('.hero__video').getAttribute('poster'), preload, 'the preloaded poster');
    await page.getByRole('heading', { name: 'New Playlists' }).waitFor();
    await page
      .getByRole('link', { name: /^Open playlist / })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    const box = await title.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, 'the hero title fits the screen');
    await assertNoSidewaysOverflow(page, `landing ${viewport.width}`);
    await screenshot(page, `landing-${viewport.width}`);
    await assertAccessible(page, `landing ${viewport.width}`);
  });
}

/** Back to the top of the page, once the fling of a swipe is over. */
function toTop(page) {
  return eventually(async () => {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
  });
}

journey(
  use,
  'on a phone a finger swipes a row and the banner sideways, and still scrolls the page up and down',
  { viewport: PHONE, touch: true },
  async ({ page }) => {
    await page.goto('/');
    const row = page.getByRole('region', { name: 'New Playlists' });
    const tiles = row.locator('.carousel__item');
    await tiles.first().getByRole('link').first().waitFor();
    const inView = () =>
      row.locator('.carousel__item:not([inert])').evaluateAll((els) => els.map((e) => e.textContent));
    const shown = await inView();
    const rendered = await tiles.locator('.card').count();
    const box = await row.locator('.carousel__viewport').boundingBox();
    const y = box.y + box.height / 3;
    await swipe(page, { x: box.x + box.width * 0.85, y }, { x: box.x + box.width * 0.15, y });
    // It comes to rest on a tile: the first one in view starts at the row's left edge.
    await eventually(async () => {
      const now = await inView();
      assert.equal(now.length, shown.length, 'a whole view of tiles');
      assert.ok(!now.includes(shown[0]), `the row moved on: ${now}`);
      const [left, firstTile] = [
        await row.locator('.carousel__viewport').boundingBox(),
        await row.locator('.carousel__item:not([inert])').first().boundingBox(),
      ];
      assert.ok(Math.abs(firstTile.x - left.x - 4) <= 1, `snapped to a tile: ${firstTile.x} in ${left.x}`);
    });
    assert.ok((await tiles.locator('.card').count()) > rendered, 'the tiles after it are drawn');
    assert.equal(await row.getByRole('button', { name: 'Previous New Playlists' }).isEnabled(), true);
    assert.equal(await page.evaluate(() => window.scrollX), 0, 'the page itself did not move sideways');
    await screenshot(page, 'landing-row-swiped-375');

    // Up and down over the row scrolls the page, not the row.
    const scrolled = await row.locator('.carousel__viewport').evaluate((e) => e.scrollLeft);
    await swipe(page, { x: box.x + box.width / 2, y: y + 150 }, { x: box.x + box.width / 2 + 8, y: y - 100 });
    await eventually(async () => assert.ok((await page.evaluate(() => window.scrollY)) > 100, 'the page scrolled'));
    assert.equal(await row.locator('.carousel__viewport').evaluate((e) => e.scrollLeft), scrolled);

    // The banner: sideways shows the next one, up and down scrolls the page and keeps it.
    await toTop(page);
    // The demo's banner videos last seconds and the next banner follows when one ends: held still.
    const hold = () =>
      page.locator('video.hero__video').evaluateAll((videos) =>
        videos.forEach((v) => {
          v.autoplay = false;
          v.pause();
        }),
      );
    await hold();
    const dots = page.getByRole('group', { name: 'Featured videos' }).getByRole('button');
    const pressed = () => dots.evaluateAll((els) => els.findIndex((e) => e.getAttribute('aria-pressed') === 'true'));
    const [count, before] = [await dots.count(), await pressed()];
    const hero = await page.getByRole('region', { name: 'Featured video' }).boundingBox();
    const mid = hero.y + hero.height / 2;
    await swipe(page, { x: hero.x + hero.width * 0.8, y: mid }, { x: hero.x + hero.width * 0.2, y: mid + 10 });
    await eventually(async () => assert.equal(await pressed(), (before + 1) % count, 'the next banner'));
    await hold();
    await swipe(page, { x: hero.x + hero.width / 2, y: mid + 60 }, { x: hero.x + hero.width / 2 + 10, y: mid - 120 });
    await eventually(async () => assert.ok((await page.evaluate(() => window.scrollY)) > 50, 'the page scrolled'));
    assert.equal(await pressed(), (before + 1) % count, 'the same banner');
    // A swipe to the right: the one before.
    await toTop(page);
    await swipe(page, { x: hero.x + hero.width * 0.2, y: mid }, { x: hero.x + hero.width * 0.8, y: mid });
    await eventually(async () => assert.equal(await pressed(), before, 'back to the first one'));
  },
);

journey(use, 'a visitor who opens a playlist signs in and lands back on its player', {}, async ({ page }) => {
  await page.goto('/');
  // The first tile, read in one go: while the sections load, the first tile can change between
  // two reads. Then that same tile (by its address and name) is focused and opened with Enter:
  // a click could land on its neighbour while the sections above still move the page.
  const { label, href } = await page
    .getByRole('link', { name: /^Open playlist / })
    .first()
    .evaluate((a) => ({ label: a.getAttribute('aria-label'), href: a.getAttribute('href') }));
  const name = label.replace(/^Open playlist /, '');
  const chosen = new URL(href, BASE_URL).searchParams.get('p');
  const tile = page.getByRole('link', { name: label, exact: true }).and(page.locator(`a[href="${href}"]`));
  await tile.first().focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/login$/);
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  await screenshot(page, 'login-1280');
  await assertAccessible(page, 'login');
  await page.getByLabel('E-mail', { exact: true }).fill(VIEWER.email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/home');
  assert.equal(new URL(page.url()).searchParams.get('p'), chosen, 'back on the chosen playlist');
  // The player of the chosen playlist, with the person's initials in the top bar.
  await page.getByRole('region', { name: `Playlist ${name}` }).waitFor();
  await page.getByRole('region', { name: /^Video player: / }).waitFor();
  await page.getByRole('button', { name: 'Account menu for Vera Viewer' }).waitFor();
});

journey(
  use,
  'on a phone, a playlist opened low on the main page plays in sight, not above the screen',
  { viewport: PHONE },
  async ({ page }) => {
    await signIn(page, VIEWER);
    await page.goto('/');
    const tiles = page.getByRole('link', { name: /^Open playlist / });
    await tiles.first().waitFor();
    await page.waitForLoadState('networkidle');
    const last = tiles.last();
    await last.scrollIntoViewIfNeeded();
    assert.ok((await page.evaluate(() => window.scrollY)) > 800, 'the tile is far down the page');
    await last.click();
    await page.waitForURL((url) => url.pathname === '/home');
    const player = page.getByRole('region', { name: /^Video player: / });
    await player.waitFor();
    await eventually(async () => {
      const box = await player.boundingBox();
      assert.ok(box && box.y >= 0 && box.y < PHONE.height / 2, `the player is in sight (top at ${box?.y} px)`);
    });
    await screenshot(page, 'player-opened-from-low-375');
  },
);

/** The heights in the stream's master playlist, highest first: what the quality picker must list. */
async function renditions(videoId) {
  const video = await (await fetch(`${BASE_URL}/cuviewTV/get_video/${videoId}/`)).json();
  const master = await (await fetch(new URL(video.scripted_bunny_path, BASE_URL))).text();
  const heights = [...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1]));
  assert.ok(heights.length > 0, 'the master playlist announces its renditions');
  return [...new Set(heights)].sort((a, b) => b - a).map((h) => `${h}p`);
}

/** The title of the video playing, beside the player. */
const nowPlaying = (page, title) =>
  page.getByRole('complementary', { name: 'Now playing' }).getByRole('heading', { name: title, exact: true });

const currentTime = (page) => page.locator('video.player__video').evaluate((v) => v.currentTime);

journey(use, 'the video plays and the quality picker lists the stream renditions', {}, async ({ page }) => {
  await signIn(page, VIEWER);
  await page.goto('/home?g=4&p=54&v=403');
  await nowPlaying(page, 'Night Drive (Official Video)').waitFor();
  const player = page.getByRole('region', { name: 'Video player: Night Drive (Official Video)' });
  await player.waitFor();
  // Playing: the clock moves on.
  await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime > 0.5);
  const t0 = await currentTime(page);
  await page.waitForFunction((t) => document.querySelector('video.player__video').currentTime > t + 0.5, t0);

  await player.hover();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Quality' }).click();
  const items = page.getByRole('menuitemradio');
  await items.first().waitFor();
  const labels = await items.allTextContents();
  assert.match(labels[0], /^Auto/);
  assert.deepEqual(labels.slice(1), await renditions(403));
  assert.equal(await items.first().getAttribute('aria-checked'), 'true', 'Auto is chosen at first');
  await screenshot(page, 'player-quality-1280');
  await items.last().click();
  await page.getByRole('button', { name: 'Quality' }).click();
  assert.equal(await items.last().getAttribute('aria-checked'), 'true', 'the chosen rendition is marked');
  await page.keyboard.press('Escape');
  await page.getByRole('menu', { name: 'Quality' }).waitFor({ state: 'detached' });
  await screenshot(page, 'player-1280');
  await assertAccessible(page, 'player');
});

journey(use, 'the track strip seeks, and next and previous move through the playlist', {}, async ({ page }) => {
  await signIn(page, VIEWER);
  const playlist = await (await fetch(`${BASE_URL}/cuviewTV/get_custom_playlist/54/`)).json();
  const [first, second, third] = playlist.videos;
  await page.goto(`/home?g=4&p=54&v=${first.id}`);
  const player = page.getByRole('region', { name: `Video player: ${first.title}` });
  await player.waitFor();
  await page.waitForFunction(() => document.querySelector('video.player__video')?.readyState >= 2);

  // The second track: a click seeks to its start and marks it as the one playing.
  const strip = page.getByRole('region', { name: 'Tracks' });
  const tracks = strip.getByRole('button');
  assert.ok((await tracks.count()) >= 2, 'a multi-track video shows its tracks');
  const video = await (await fetch(`${BASE_URL}/cuviewTV/get_video/${first.id}/`)).json();
  const start = video.tracks[1].starts_at;
  await tracks.nth(1).click();
  await eventually(async () => assert.equal(await tracks.nth(1).getAttribute('aria-current'), 'true'));
  assert.ok((await currentTime(page)) >= start - 0.1, `playback moved to ${start} s`);
  assert.equal(await tracks.nth(0).getAttribute('aria-current'), null);

  // Playing on to the end moves to the next video of the playlist.
  await page.waitForURL((url) => url.searchParams.get('v') === String(second.id), { timeout: 30_000 });
  await nowPlaying(page, second.title).waitFor();

  // Next and previous.
  await page.getByRole('region', { name: `Video player: ${second.title}` }).hover();
  await page.getByRole('button', { name: 'Next video' }).click();
  await page.waitForURL((url) => url.searchParams.get('v') === String(third.id));
  await nowPlaying(page, third.title).waitFor();
  await page.getByRole('region', { name: `Video player: ${third.title}` }).hover();
  await page.getByRole('button', { name: 'Previous video' }).click();
  await page.waitForURL((url) => url.searchParams.get('v') === String(second.id));
  await nowPlaying(page, second.title).waitFor();
  await screenshot(page, 'player-next-1280');
});

journey(
  use,
  'a video switched off after its playlist was opened: the player says so, analysis waits, and the next one plays',
  {},
  async ({ page }) => {
    // A playlist of its own (three copies of a playable demo video, sharing its ladder and its
    // storyboard), so that switching one off here changes nothing another journey plays.
    const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await db.connect();
    const rows = async (text, values = []) => (await db.query(text, values)).rows;
    const suffix = Date.now().toString(36);
    const [demo] = await rows(
      `SELECT id FROM videos WHERE status = 1 AND hls_master_key IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const copies = [];
    for (const n of [1, 2, 3]) {
      const [copy] = await rows(
        `INSERT INTO videos (title, description, status, duration, hls_master_key, thumbnail_key, storyboard_key, processing_state)
         SELECT $1, '', 1, duration, hls_master_key, thumbnail_key, storyboard_key, processing_state FROM videos WHERE id = $2
         RETURNING id, title`,
        [`Switched ${n} ${suffix}`, demo.id],
      );
      copies.push(copy);
    }
    const [playlist] = await rows(`INSERT INTO playlists (title, status) VALUES ($1, 1) RETURNING id`, [
      `Switched off ${suffix}`,
    ]);
    await db.query(
      `INSERT INTO playlist_videos (playlist_id, video_id, position) SELECT $1, id, n FROM unnest($2::int[]) WITH ORDINALITY AS v(id, n)`,
      [playlist.id, copies.map((c) => c.id)],
    );
    const [first, second, third] = copies;
    try {
      await signIn(page, VIEWER);
      await page.goto(`/home?g=4&p=${playlist.id}&v=${first.id}`);
      const player = page.getByRole('region', { name: `Video player: ${first.title}` });
      await player.waitFor();
      // Staff switch the second video off while the viewer watches the first.
      await db.query('UPDATE videos SET status = 0 WHERE id = $1', [second.id]);
      await player.hover();
      await page.getByRole('button', { name: 'Next video', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('v') === String(second.id));
      await page.locator('.player-stage').getByText('This video is not available to watch.').waitFor();
      assert.equal(
        await page.locator('video.player__video').count(),
        0,
        'no player for a video that is no longer there',
      );
      const analyze = page.getByRole('button', { name: 'Analyze the playing moment' });
      assert.ok(await analyze.isDisabled(), 'nothing to analyse');
      await screenshot(page, 'player-switched-off-1280');
      // On a phone the way on wraps inside its box ("Play next: <title>" ran past both edges).
      await page.setViewportSize(PHONE);
      const playNext = page.getByRole('button', { name: `Play next: ${third.title}` });
      const [button, box] = await Promise.all([playNext.boundingBox(), page.locator('.player-missing').boundingBox()]);
      assert.ok(
        button.x >= box.x && button.x + button.width <= box.x + box.width,
        `"Play next" inside its box at 375 px: ${JSON.stringify({ button, box })}`,
      );
      await screenshot(page, 'player-switched-off-375');
      await playNext.click();
      await page.waitForURL((url) => url.searchParams.get('v') === String(third.id));
      await page.getByRole('region', { name: `Video player: ${third.title}` }).waitFor();
      await page.waitForFunction(() => document.querySelector('video.player__video')?.readyState >= 2);
    } finally {
      await db.query('DELETE FROM playlists WHERE id = $1', [playlist.id]);
      await db.query('DELETE FROM videos WHERE id = ANY($1)', [copies.map((c) => c.id)]);
      await db.end();
    }
  },
);

/**
 * The start of the analysed window (spec viewer §4): the playback time rounded down to a
 * multiple of 5 s, capped at duration - 30, never below 0.
 */
const analysisOffset = (seconds, duration) =>
  Math.max(0, Math.min(Math.floor(seconds / 5) * 5, Math.floor(duration - 30)));

/** The demo video whose only sound is one whole album track (libs/catalogue-seed/src/demo/catalogue.ts). */
const ANALYSED = { id: 1526, title: 'Summer Sessions: Chrome Hearts' };
const RECOGNISED = { track: 'Blue Hour', album: 'Quiet Rooms', artist: 'Elena Sorrel Quartet' };

journey(use, 'the analysis panel shows the recognised track', { timeout: 60_000 }, async ({ page }) => {
  // When playback first started, by the page's clock.
  await page.addInitScript(() => {
    document.addEventListener('playing', () => (window.firstPlaying ??= performance.now()), true);
  });
  await signIn(page, VIEWER);
  const video = await (await fetch(`${BASE_URL}/cuviewTV/get_video/${ANALYSED.id}/`)).json();
  assert.ok(video.watermark && video.footprint, 'the demo video is watermarked and its track fingerprinted');
  assert.deepEqual(
    video.tracks.map((t) => t.title),
    [RECOGNISED.track],
  );

  // The automatic run is held back for a moment, so the running ring can be seen and stopped.
  const asked = [];
  let held = true;
  await page.route('**/get_analyze_info/**', async (route) => {
    const [t, offset] = new URL(route.request().url()).pathname.split('/').filter(Boolean).slice(-2).map(Number);
    const sincePlaying = await page.evaluate(() => performance.now() - window.firstPlaying);
    asked.push({ t, offset, sincePlaying });
    if (held) {
      held = false;
      await new Promise((resolve) => setTimeout(resolve, 2500));
    }
    // STOP aborts the request: continuing it then fails, as it should.
    await route.continue().catch(() => undefined);
  });

  // The last video of the playlist: playing to its end does not move on and clear the results.
  await page.goto(`/home?g=4&p=54&v=${ANALYSED.id}`);
  await page.getByRole('region', { name: `Video player: ${ANALYSED.title}` }).waitFor();
  const side = page.getByRole('complementary', { name: 'Now playing' });
  await side.getByRole('button', { name: 'Analyze the playing moment' }).waitFor();
  await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime > 0.2);

  // 4.5 s after playback started the analysis starts by itself; the ring runs, with STOP.
  const stop = side.getByRole('button', { name: 'Stop analysis' });
  await stop.waitFor({ timeout: 10_000 });
  assert.equal(asked.length, 1);
  const [auto] = asked;
  assert.ok(auto.sincePlaying >= 4400, `asked ${Math.round(auto.sincePlaying)} ms after playback started`);
  assert.ok(auto.t >= 3 && auto.t <= 8, `at the playing moment (${auto.t} s)`);
  assert.equal(auto.offset, analysisOffset(auto.t, video.duration), 'the window starts by the offset rule');
  assert.ok(await page.locator('.analysis-ring.is-running').isVisible(), 'the ring animates');
  await side.getByRole('status').getByText('Analysing…').waitFor();
  await screenshot(page, 'analysis-running-1280');
  await stop.click();
  const analyze = side.getByRole('button', { name: 'Analyze the playing moment' });
  await analyze.waitFor();
  assert.equal(await page.getByRole('region', { name: 'Analysis results' }).count(), 0, 'stopped: no results');

  // The ring button runs it again, now at 5 s or later: rounded down to 5, but a 12 s video
  // is shorter than the 30 s window, so the cap keeps it at 0.
  await page.waitForFunction(() => document.querySelector('video.player__video').currentTime >= 5.2);
  const answered = page.waitForResponse((r) => r.url().includes('/get_analyze_info/'));
  await analyze.click();
  const answer = await (await answered).json();
  const manual = asked.at(-1);
  assert.equal(asked.length, 2);
  assert.ok(manual.t >= 5, `at the playing moment (${manual.t} s)`);
  assert.equal(manual.offset, analysisOffset(manual.t, video.duration));
  assert.equal(manual.offset, 0, 'capped at duration - 30, never below 0');
  assert.equal(answer.offset, 0, 'the api analysed that window');

  // Both tabs, each with the recognised track: title, album and artists.
  const results = page.getByRole('region', { name: 'Analysis results' });
  await results.waitFor();
  const tabs = results.getByRole('tab');
  await eventually(async () => assert.deepEqual(await tabs.allTextContents(), ['WATERMARK', 'FOOTPRINT']));
  for (const tab of ['WATERMARK', 'FOOTPRINT']) {
    await results.getByRole('tab', { name: tab }).click();
    assert.equal(await results.getByRole('tab', { name: tab }).getAttribute('aria-selected'), 'true');
    const panel = results.getByRole('tabpanel', { name: tab });
    await panel.getByRole('heading', { name: RECOGNISED.track, exact: true }).waitFor();
    await panel.getByText(`Album: ${RECOGNISED.album}`, { exact: true }).waitFor();
    await panel.getByRole('img', { name: RECOGNISED.album }).waitFor();
    await panel.getByRole('heading', { name: 'Members' }).waitFor();
    await panel.getByRole('listitem').filter({ hasText: RECOGNISED.artist }).first().waitFor();
    await panel.getByRole('link', { name: 'Spotify', exact: true }).first().waitFor();
    await screenshot(page, `analysis-${tab.toLowerCase()}-1280`);
  }
  assert.ok(!(await page.locator('.analysis-ring.is-running').isVisible()), 'the ring has stopped');
});
