// Issue 12, a viewer's whole session: a playlist watched with the analysis on, moving around
// while answers are on screen (next, previous, a tile of the playlist strip, the end of a
// video, replay). Any uncaught error or console error fails it: React logs the error that an
// error boundary catches ("Something went wrong") to the console without a page error.
import assert from 'node:assert/strict';
import {
  BASE_URL,
  consoleErrorsOf,
  eventually,
  journey,
  screenshot,
  sharedBrowser,
  signIn,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();

const PLAYLIST = 54;
const GROUP = 4;

const currentTime = (page) => page.locator('video.player__video').evaluate((v) => v.currentTime);
const isMuted = (page) => page.locator('video.player__video').evaluate((v) => v.muted);

journey(
  use,
  'a playlist watched with the analysis on: next, previous, strip, end of video, replay',
  { timeout: 180_000 },
  async ({ page }) => {
    const consoleErrors = consoleErrorsOf(page);
    // Every analysis request and its answer, in order: which video, when, and what it said.
    const analysed = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/get_analyze_info/')) return;
      const [videoId, t] = new URL(response.url()).pathname.split('/').filter(Boolean).slice(-3).map(Number);
      analysed.push({ videoId, t, status: response.status() });
    });

    await signIn(page, VIEWER);
    const playlist = await (await fetch(`${BASE_URL}/cuviewTV/get_custom_playlist/${PLAYLIST}/`)).json();
    const videos = playlist.videos;
    assert.ok(videos.length >= 4, 'a playlist of four videos or more');
    const titles = new Map(videos.map((v) => [v.id, v.title]));
    const side = page.getByRole('complementary', { name: 'Now playing' });
    const results = page.getByRole('region', { name: 'Analysis results' });

    const at = async (video) => {
      await page.waitForURL((url) => url.searchParams.get('v') === String(video.id), { timeout: 30_000 });
      await side.getByRole('heading', { name: titles.get(video.id), exact: true }).waitFor();
      await page.getByRole('region', { name: `Video player: ${titles.get(video.id)}` }).waitFor();
    };
    /** Waits for the analysis of this video to answer, and opens its last tab (FOOTPRINT when there is one). */
    const answered = async (video) => {
      await results.waitFor({ timeout: 20_000 });
      const tabs = await results.getByRole('tab').allTextContents();
      assert.ok(tabs.length > 0, `an answer for ${video.title}`);
      await results.getByRole('tab', { name: tabs.at(-1) }).click();
      assert.ok(
        analysed.some((a) => a.videoId === video.id && a.status === 200),
        `the answer on screen was asked for ${video.title}`,
      );
      return tabs;
    };
    /** After a move: the page is whole and shows no answer of the video left behind. */
    const movedOn = async (from) => {
      assert.equal(await page.getByRole('heading', { name: 'Something went wrong' }).count(), 0, 'the page is whole');
      const stale = analysed.filter((a) => a.videoId === from.id).length;
      // Whatever is on screen now was asked for this video, not the previous one.
      if ((await results.count()) > 0) assert.equal(analysed.length > stale, true, 'results belong to the new video');
    };
    const hoverPlayer = (video) => page.getByRole('region', { name: `Video player: ${titles.get(video.id)}` }).hover();

    const [first, second, third] = videos;
    await page.goto(`/home?g=${GROUP}&p=${PLAYLIST}&v=${first.id}`);
    await at(first);
    const tabs = await answered(first);
    await screenshot(page, 'session-answer-1280');
    // The video's tracks stay under the picture while the answer is open beside it.
    const trackStrip = page.getByRole('region', { name: 'Tracks' });
    if ((await trackStrip.count()) > 0) {
      const picture = await page.getByRole('region', { name: `Video player: ${titles.get(first.id)}` }).boundingBox();
      const below = (await trackStrip.boundingBox()).y - (picture.y + picture.height);
      assert.ok(below >= 0 && below < 60, `the track strip is right under the video (${below} px below it)`);
    }

    // Muted, then Next while an answer is on screen: the next video plays muted too.
    await hoverPlayer(first);
    await page.getByRole('button', { name: 'Mute' }).click();
    await page.getByRole('button', { name: 'Next video' }).click();
    await at(second);
    await movedOn(first);
    assert.equal(await isMuted(page), true, 'the next video keeps the sound off');
    assert.equal(await results.count(), 0, 'the previous video’s answer is gone');
    await answered(second);

    // Previous while an answer is on screen.
    await hoverPlayer(second);
    await page.getByRole('button', { name: 'Previous video' }).click();
    await at(first);
    await movedOn(second);
    await answered(first);

    // A tile of the playlist strip while an answer is on screen.
    const strip = page.getByRole('region', { name: `Playlist ${playlist.title}` });
    await strip.getByRole('link', { name: `Play ${third.title}`, exact: true }).click();
    await at(third);
    await movedOn(first);
    await answered(third);

    // The video ends while its answer is on screen: the next one plays by itself.
    const fourth = videos[3];
    await at(fourth);
    await movedOn(third);
    assert.equal(await isMuted(page), true, 'the video that followed by itself is muted too');
    await answered(fourth);
    await screenshot(page, 'session-autoplay-1280');

    // Replay from another video: the playlist's first video, from its start.
    await strip.getByRole('link', { name: 'Replay' }).click();
    await at(first);
    await movedOn(fourth);
    // Replay on the first video itself, 5 s in: it plays again from its start.
    await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime >= 5);
    await strip.getByRole('link', { name: 'Replay' }).click();
    await eventually(async () => assert.ok((await currentTime(page)) < 2, 'replay starts the video again'), 5_000, 100);
    assert.equal(new URL(page.url()).searchParams.get('v'), String(first.id));
    await eventually(async () =>
      assert.equal(await page.locator('video.player__video').evaluate((v) => v.paused), false, 'and plays'),
    );
    // The replayed video is analysed again, 4.5 s after it restarted.
    const before = analysed.length;
    await eventually(() => assert.ok(analysed.length > before, 'a new analysis after replay'), 15_000);
    assert.deepEqual(await answered(first), tabs, 'the same answer as the first time');

    assert.deepEqual(consoleErrors, [], 'no console errors');
  },
);

journey(
  use,
  'a visitor presses Watch now, is offered to go on as the guest and watches without an account',
  { timeout: 90_000 },
  async ({ page }) => {
    const consoleErrors = consoleErrorsOf(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Watch now' }).click();
    await page.waitForURL(/\/login$/);
    await screenshot(page, 'login-guest-1280');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    // Back to the video Watch now asked for, playing.
    await page.waitForURL((url) => url.pathname === '/home' && url.searchParams.has('v'));
    await page.getByRole('complementary', { name: 'Now playing' }).waitFor();
    await eventually(async () => assert.ok((await currentTime(page)) > 1, 'the guest is watching the video'));
    // The guest has no first name: it watches, it does not keep playlists (spec viewer §6).
    assert.equal(await page.getByRole('link', { name: 'My Playlists' }).count(), 0, 'no My Playlists');
    assert.deepEqual(consoleErrors, [], 'no console errors');
  },
);

journey(
  use,
  'the plain-file item plays a file the product serves, with no internet',
  { timeout: 60_000 },
  async ({ page, context }) => {
    const consoleErrors = consoleErrorsOf(page);
    const origin = new URL(BASE_URL).origin;
    const outside = [];
    // Offline: anything not from the product's own address fails.
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === origin) return route.continue();
      outside.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await signIn(page, VIEWER);
    const video = await (await fetch(`${BASE_URL}/cuviewTV/get_video/211/`)).json();
    assert.match(video.yt_link, /^\/cuviewTV\/media\/hls\/211\/file\/.+\.mp4$/, 'a file of the product');
    await page.goto('/home?g=4&p=6&v=211');
    const player = page.getByRole('region', { name: `Video player: ${video.title}` });
    await player.getByRole('button', { name: 'Play from a file' }).click();
    await eventually(async () =>
      assert.ok((await player.locator('video').evaluate((v) => v.currentTime)) > 1, 'the file plays'),
    );
    assert.deepEqual(outside, [], 'nothing asked of the internet');
    assert.deepEqual(consoleErrors, [], 'no console errors');
  },
);
