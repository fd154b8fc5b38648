// Issue 7, the viewer: a visitor's first look and the sign-in detour, then playback as a
// signed-in person sees it (the video plays, the quality picker, the track strip, next and
// previous).
import assert from 'node:assert/strict';
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
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();

for (const viewport of [DESKTOP, PHONE]) {
  journey(use, `the landing page shows the catalogue at ${viewport.width} px`, { viewport }, async ({ page }) => {
    await page.goto('/');
    const title = page.locator('.hero__title');
    await title.waitFor();
    assert.match(await title.textContent(), /^NIGHT DRIVE/, 'the first banner, in upper case');
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

journey(use, 'a visitor who opens a playlist signs in and lands back on its player', {}, async ({ page }) => {
  await page.goto('/');
  const tile = page.getByRole('link', { name: /^Open playlist / }).first();
  const name = (await tile.getAttribute('aria-label')).replace(/^Open playlist /, '');
  await tile.click();
  await page.waitForURL(/\/login$/);
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
  await screenshot(page, 'login-1280');
  await assertAccessible(page, 'login');
  await page.getByLabel('E-mail', { exact: true }).fill(VIEWER.email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/home');
  // The player of the chosen playlist, with the person's initials in the top bar.
  await page.getByRole('region', { name: `Playlist ${name}` }).waitFor();
  await page.getByRole('region', { name: /^Video player: / }).waitFor();
  await page.getByRole('button', { name: 'Account menu for Vera Viewer' }).waitFor();
});

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
