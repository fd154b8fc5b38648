// Issue 17: continue watching across sessions, the keys, audio only and the Media Session.
// Small demo catalogue: playlist 54's videos last 8 s with two tracks each.
import assert from 'node:assert/strict';
import {
  assertAccessible,
  BASE_URL,
  consoleErrorsOf,
  eventually,
  journey,
  PHONE,
  PHONE_LANDSCAPE,
  screenshot,
  sharedBrowser,
  signIn,
  signOut,
  SMALL_PHONE_LANDSCAPE,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();
const PLAYLIST = 54;
const GROUP = 4;

const media = (page) => page.locator('video.player__video');
const currentTime = (page) => media(page).evaluate((v) => v.currentTime);
const paused = (page) => media(page).evaluate((v) => v.paused);
const playlistVideos = async () =>
  (await (await fetch(`${BASE_URL}/cuviewTV/get_custom_playlist/${PLAYLIST}/`)).json()).videos;
const videoDetail = async (id) => (await fetch(`${BASE_URL}/cuviewTV/get_video/${id}/`)).json();

/** Forgets where the signed-in viewer stopped in `video` (other journeys watch the same videos). */
async function fromTheStart(page, video) {
  const status = await page.evaluate(async (id) => {
    const res = await fetch('/cuviewTV/save_positions/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${localStorage.getItem('access')}` },
      body: JSON.stringify({ positions: [{ video_id: id, position: 0 }] }),
    });
    return res.status;
  }, video.id);
  assert.equal(status, 204);
}

/**
 * Leaves the player (which saves where it stopped) and forgets the positions of `videos`, so
 * that the journeys that run after these do not resume the demo videos halfway.
 */
async function leaveAndForget(page, videos) {
  await page.goto('/');
  await page.waitForTimeout(1000);
  for (const video of videos) await fromTheStart(page, video);
}

async function openVideo(page, video) {
  await fromTheStart(page, video);
  await page.goto(`/home?g=${GROUP}&p=${PLAYLIST}&v=${video.id}`);
  await page.getByRole('region', { name: `Video player: ${video.title}` }).waitFor();
  await page.waitForFunction(() => document.querySelector('video.player__video')?.readyState >= 2);
}

/** Pauses with the K key at `at` seconds or later and waits for the position to be saved. */
async function pauseAndSave(page, at) {
  await page.waitForFunction((t) => document.querySelector('video.player__video')?.currentTime >= t, at);
  const saved = page.waitForResponse((r) => r.url().includes('/save_positions/') && r.request().method() === 'POST');
  await page.locator('body').press('k');
  assert.equal((await saved).status(), 204, 'the position is saved on pause');
  return currentTime(page);
}

journey(
  use,
  'a position saved in one session resumes the video in a fresh one, with Start over and the Continue watching row',
  { timeout: 120_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const [, second] = await playlistVideos();
    await signIn(page, VIEWER);
    await openVideo(page, second);
    const stoppedAt = await pauseAndSave(page, 3);
    assert.ok(await paused(page), 'K paused the video');

    // Another device: a fresh browser context, signed in again.
    const other = await use().newContext({
      baseURL: BASE_URL,
      viewport: { width: 1280, height: 800 },
      bypassCSP: true,
    });
    try {
      const page2 = await other.newPage();
      // Where playback first started on the second device.
      await page2.addInitScript(() => {
        document.addEventListener(
          'playing',
          (e) => {
            if (e.target.classList.contains('player__video')) window.firstPlayingAt ??= e.target.currentTime;
          },
          true,
        );
      });
      const errors2 = consoleErrorsOf(page2);
      await signIn(page2, VIEWER);
      await page2.goto('/');
      const row = page2.getByRole('region', { name: 'Continue watching' });
      await row.waitFor();
      const tile = row.getByRole('link', {
        name: new RegExp(`^Resume ${second.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at `),
      });
      await tile.waitFor();
      await row.scrollIntoViewIfNeeded();
      await screenshot(page2, 'continue-watching-1280');
      await tile.click();
      await page2.waitForURL((url) => url.searchParams.get('v') === String(second.id));
      const startOver = page2.getByRole('button', { name: 'Start over' });
      await startOver.waitFor();
      await page2.waitForFunction(() => window.firstPlayingAt !== undefined);
      const resumedAt = await page2.evaluate(() => window.firstPlayingAt);
      assert.ok(Math.abs(resumedAt - stoppedAt) < 1.5, `resumed near ${stoppedAt} s (at ${resumedAt} s)`);
      await screenshot(page2, 'player-resumed-1280');
      await startOver.click();
      await eventually(async () => assert.ok((await currentTime(page2)) < 1.5, 'Start over plays from the start'));
      assert.equal(await startOver.count(), 0, 'Start over is gone once used');
      assert.deepEqual(errors2, [], 'no console errors on the second device');
      await leaveAndForget(page2, [second]);
    } finally {
      await other.close();
    }
    assert.deepEqual(errors, [], 'no console errors');
  },
);

journey(use, 'the player is driven from the keyboard; ? lists the keys', { timeout: 90_000 }, async ({ page }) => {
  const errors = consoleErrorsOf(page);
  const [first, second] = await playlistVideos();
  const detail = await videoDetail(first.id);
  await signIn(page, VIEWER);
  await openVideo(page, first);
  const body = page.locator('body');

  await body.press('k');
  await eventually(async () => assert.equal(await paused(page), true, 'K pauses'));
  await body.press(' ');
  await eventually(async () => assert.equal(await paused(page), false, 'Space plays'));
  await body.press('k');
  await eventually(async () => assert.equal(await paused(page), true));

  await media(page).evaluate((v) => (v.currentTime = 1));
  await body.press('ArrowRight');
  await eventually(async () => assert.ok(Math.abs((await currentTime(page)) - 6) < 0.3, '→ seeks 5 s forward'));
  await body.press('ArrowLeft');
  await eventually(async () => assert.ok(Math.abs((await currentTime(page)) - 1) < 0.3, '← seeks 5 s back'));
  await body.press('j');
  await eventually(async () => assert.ok((await currentTime(page)) < 0.3, 'J seeks back (to the start at most)'));
  await body.press('.');
  await eventually(async () =>
    assert.ok(Math.abs((await currentTime(page)) - detail.tracks[1].starts_at) < 0.3, '. goes to the next track'),
  );
  await body.press(',');
  await eventually(async () => assert.ok((await currentTime(page)) < 0.3, ', goes back to the previous track'));

  const volume = await media(page).evaluate((v) => v.volume);
  await body.press('ArrowDown');
  await eventually(async () =>
    assert.ok(Math.abs((await media(page).evaluate((v) => v.volume)) - (volume - 0.05)) < 0.01, '↓ lowers the volume'),
  );
  await body.press('m');
  await eventually(async () => assert.equal(await media(page).evaluate((v) => v.muted), true, 'M mutes'));
  await page.getByRole('button', { name: 'Unmute' }).waitFor({ state: 'attached' });

  // Keys never fire while typing in a field.
  const search = page.getByRole('searchbox').first();
  if ((await search.count()) > 0 && (await search.isVisible())) {
    await search.fill('');
    await search.press('m');
    assert.equal(await media(page).evaluate((v) => v.muted), true, 'typing M in a field does not unmute');
    await search.fill('');
    await search.blur();
  }

  // ? opens the list of keys; Escape closes it.
  await body.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await dialog.waitFor();
  for (const label of ['Play / pause', 'Next video', 'Next track', 'Mute / unmute', 'Fullscreen'])
    await dialog.getByRole('cell', { name: label, exact: true }).waitFor();
  await screenshot(page, 'player-keys-1280');
  await assertAccessible(page, 'keys dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // Fullscreen: nothing outside the fullscreen element is drawn, so the list must be inside it,
  // on top of the picture; the keys go on working after it closes.
  await body.press('f');
  await page.waitForFunction(() => document.fullscreenElement?.classList.contains('player'));
  await body.press('?');
  await dialog.waitFor();
  assert.ok(
    await dialog.evaluate((d) => document.fullscreenElement?.contains(d)),
    'the list is in the fullscreen player',
  );
  const onTop = await dialog.evaluate((d) => {
    const r = d.getBoundingClientRect();
    return r.width > 0 && d.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });
  assert.ok(onTop, 'the list is drawn on top of the fullscreen picture');
  await screenshot(page, 'player-keys-fullscreen-1280');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
  const wasPaused = await paused(page);
  await body.press('k');
  await eventually(async () => assert.equal(await paused(page), !wasPaused, 'K works in fullscreen after the list'));
  await body.press('f');
  await page.waitForFunction(() => document.fullscreenElement === null);

  await body.press('n');
  await page.waitForURL((url) => url.searchParams.get('v') === String(second.id));
  await page.getByRole('complementary', { name: 'Now playing' }).getByRole('heading', { name: second.title }).waitFor();
  // P as a person presses it: once the new video's player offers a previous one.
  await page.getByRole('region', { name: `Video player: ${second.title}` }).waitFor();
  await eventually(async () =>
    assert.ok(await page.getByRole('button', { name: 'Previous video', exact: true }).isEnabled(), 'Previous offered'),
  );
  await body.press('p');
  await page.waitForURL((url) => url.searchParams.get('v') === String(first.id));
  // Next pressed with the keyboard on the player's own button: the focus stays in the player.
  await page.getByRole('region', { name: `Video player: ${first.title}` }).waitFor();
  await page.getByRole('button', { name: 'Next video', exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('v') === String(second.id));
  await eventually(async () =>
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label')),
      `Video player: ${second.title}`,
      'the focus is in the new video’s player, not back at the top of the page',
    ),
  );
  await leaveAndForget(page, [first, second]);
  assert.deepEqual(errors, [], 'no console errors');
});

journey(
  use,
  'the keys dialog and the Continue watching row at 375 px',
  { viewport: PHONE, timeout: 60_000 },
  async ({ page }) => {
    const [first] = await playlistVideos();
    await signIn(page, VIEWER);
    await openVideo(page, first);
    await pauseAndSave(page, 2);
    // The phone's player leaves the keys list to the ? key.
    await page.locator('body').press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await screenshot(page, 'player-keys-375');
    await page.keyboard.press('Escape');
    await page.goto('/');
    const row = page.getByRole('region', { name: 'Continue watching' });
    await row
      .getByRole('link', { name: /^Resume / })
      .first()
      .waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'continue-watching-375');
    await leaveAndForget(page, [first]);
  },
);

journey(
  use,
  'audio only plays the sound alone, keeps the place and the tracks, and is remembered',
  { timeout: 90_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const [first] = await playlistVideos();
    await signIn(page, VIEWER);
    await openVideo(page, first);
    assert.ok((await media(page).evaluate((v) => v.videoWidth)) > 0, 'a picture at first');
    await page.locator('body').press('k');
    await media(page).evaluate((v) => (v.currentTime = 2));
    await page.waitForFunction(() => !document.querySelector('video.player__video')?.seeking);

    const audioPlaylist = page.waitForRequest((r) => /\/audio[^/]*\/[^/]*\.m3u8/.test(r.url()));
    const toggle = page.getByRole('button', { name: 'Audio only' });
    await page.getByRole('region', { name: `Video player: ${first.title}` }).hover();
    await toggle.click();
    await audioPlaylist;
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => document.querySelector('video.player__video')?.readyState >= 2);
    assert.equal(await media(page).evaluate((v) => v.videoWidth), 0, 'no picture is decoded');
    assert.ok(Math.abs((await currentTime(page)) - 2) < 1, 'the place is kept');
    await page.getByRole('region', { name: 'Tracks' }).waitFor();
    await screenshot(page, 'player-audio-only-1280');

    // Remembered on this device.
    await page.reload();
    await page.getByRole('button', { name: 'Audio only', pressed: true }).waitFor({ state: 'attached' });
    await page.waitForFunction(() => document.querySelector('video.player__video')?.readyState >= 2);
    assert.equal(await media(page).evaluate((v) => v.videoWidth), 0, 'still the sound alone after a reload');
    await page.getByRole('region', { name: `Video player: ${first.title}` }).hover();
    await page.getByRole('button', { name: 'Audio only' }).click();
    await eventually(async () =>
      assert.ok((await media(page).evaluate((v) => v.videoWidth)) > 0, 'the picture is back'),
    );
    await leaveAndForget(page, [first]);
    assert.deepEqual(errors, [], 'no console errors');
  },
);

journey(
  use,
  'Media Session metadata follows the tracks; chapters are on the video element',
  { timeout: 60_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const [first] = await playlistVideos();
    const detail = await videoDetail(first.id);
    assert.ok(detail.tracks.length >= 2, 'a video with two tracks');
    await signIn(page, VIEWER);
    await openVideo(page, first);
    const title = () => page.evaluate(() => navigator.mediaSession.metadata?.title ?? null);
    const first_ = detail.tracks[0];
    const second = detail.tracks[1];
    await eventually(async () => assert.equal(await title(), first_.title, 'the first track at first'));
    const meta = await page.evaluate(() => {
      const m = navigator.mediaSession.metadata;
      return { artist: m.artist, album: m.album, artwork: m.artwork.map((a) => a.src) };
    });
    assert.equal(meta.artist, first_.members.map((m) => m.title).join(', '));
    assert.equal(meta.album, first_.album.title);
    assert.ok(meta.artwork.length > 0, 'artwork');
    // Playback crosses the boundary into the second track.
    await eventually(
      async () => assert.equal(await title(), second.title, 'the second track after the boundary'),
      20_000,
    );
    assert.ok((await currentTime(page)) >= first_.ends_at - 0.5, 'changed at the boundary');

    // The chapters track, as any player sees it.
    const cues = await eventually(async () => {
      const list = await media(page).evaluate((v) => {
        const track = [...v.textTracks].find((t) => t.kind === 'chapters');
        return track?.cues ? [...track.cues].map((c) => c.text) : [];
      });
      assert.equal(list.length, detail.tracks.length, 'one chapter per track');
      return list;
    });
    assert.ok(cues[0].startsWith(first_.title), cues[0]);
    await leaveAndForget(page, [first]);
    assert.deepEqual(errors, [], 'no console errors');
  },
);

journey(
  use,
  'signing out while a video plays saves where it stopped, and the next person on this browser does not open that playlist',
  { timeout: 120_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const [, second] = await playlistVideos();
    await signIn(page, VIEWER);
    await openVideo(page, second);
    await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime >= 3);
    const saved = page.waitForResponse((r) => r.url().includes('/save_positions/') && r.request().method() === 'POST');
    await signOut(page);
    assert.equal((await saved).status(), 204, 'the last position is saved with the token still there');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    const kept = await page.evaluate(() =>
      ['path', 'playlist_id', 'video_id', 'group_id'].map((k) => localStorage.getItem(k)),
    );
    assert.ok(
      kept.every((value) => value === null || value === '/'),
      `nothing of the last person's place is kept: ${kept}`,
    );

    // The next person signs in on the same browser: the usual start, not the last one's playlist.
    await signIn(page, VIEWER);
    assert.notEqual(new URL(page.url()).searchParams.get('p'), String(PLAYLIST), page.url());
    const resume = await page.evaluate(async (id) => {
      const res = await fetch(`/cuviewTV/get_position/${id}/`, {
        headers: { authorization: `JWT ${localStorage.getItem('access')}` },
      });
      return res.json();
    }, second.id);
    // Playback reports its time every quarter second or so: the save holds the last report.
    assert.ok(resume?.position >= 2.5, `the position saved at sign-out: ${JSON.stringify(resume)}`);
    await leaveAndForget(page, [second]);
    assert.deepEqual(errors, [], 'no console errors (no save refused for want of a token)');
  },
);

/** Taps the player's picture near its top, where the controls' shade does not reach. */
async function tapPicture(page) {
  const box = await media(page).boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height * 0.15);
}
const controlsHidden = (page) => page.locator('.player').evaluate((p) => p.classList.contains('player--idle'));

journey(
  use,
  'on a phone a tap brings back the hidden controls and does nothing else; the seek bar then acts on the video on screen',
  { viewport: PHONE, touch: true, timeout: 90_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const [first, second] = await playlistVideos();
    await signIn(page, VIEWER);
    await page.goto('/');
    const dots = page.getByRole('group', { name: 'Featured videos' }).getByRole('button');
    await dots.first().waitFor();
    for (const box of await dots.evaluateAll((els) => els.map((e) => e.getBoundingClientRect())))
      assert.ok(box.width >= 44 && box.height >= 44, `a banner dot of ${box.width}x${box.height} px`);
    await openVideo(page, first);
    await fromTheStart(page, second);
    const region = page.getByRole('region', { name: `Video player: ${first.title}` });
    await eventually(async () => assert.ok(await controlsHidden(page), 'the controls fade while playing'));

    // Where "Next video" was: the tap shows the controls, skips nothing, pauses nothing.
    const next = await page.getByRole('button', { name: 'Next video', exact: true, includeHidden: true }).boundingBox();
    await page.touchscreen.tap(next.x + next.width / 2, next.y + next.height / 2);
    await page.waitForTimeout(300);
    assert.equal(new URL(page.url()).searchParams.get('v'), String(first.id), 'still the same video');
    assert.equal(await controlsHidden(page), false, 'the controls show');
    assert.equal(await paused(page), false, 'still playing');
    await screenshot(page, 'player-touch-controls-375');
    // Targets a finger can hit: every button of the bar is 44 px or more.
    const small = await page.locator('.player__bar button').evaluateAll((buttons) =>
      buttons
        .filter((b) => b.offsetParent)
        .map((b) => [b.getAttribute('aria-label'), b.getBoundingClientRect()])
        .filter(([, r]) => r.width < 44 || r.height < 44)
        .map(([name, r]) => `${name} ${r.width}x${r.height}`),
    );
    assert.deepEqual(small, [], 'player buttons under 44 px on a touch screen');
    // The picture while they show: the tap hides them, the video plays on.
    await tapPicture(page);
    await eventually(async () => assert.ok(await controlsHidden(page), 'a tap on the picture hides the controls'));
    assert.equal(await paused(page), false, 'the tap on the picture does not pause');
    await tapPicture(page);
    await page.waitForTimeout(300);
    assert.equal(await controlsHidden(page), false, 'and the next one shows them');
    assert.equal(await paused(page), false);
    assert.equal(await page.evaluate(() => document.fullscreenElement), null, 'two taps are no fullscreen');

    // The stranger's "seeking jumps to the other video": the first video ends while nobody looks and
    // the next one plays under hidden controls. A tap on the seek bar only shows them, with the
    // name of the video now playing; the next tap seeks that video.
    await page.waitForURL((url) => url.searchParams.get('v') === String(second.id), { timeout: 20_000 });
    await page.getByRole('region', { name: `Video player: ${second.title}` }).waitFor();
    await page.waitForFunction(() => document.querySelector('video.player__video')?.readyState >= 2);
    const duration = await media(page).evaluate((v) => v.duration);
    // Past the middle, so that a seek to a quarter would go back.
    await page.waitForFunction((t) => document.querySelector('video.player__video')?.currentTime >= t, duration / 2);
    await eventually(async () => assert.ok(await controlsHidden(page)));
    const before = await currentTime(page);
    const seek = await page.getByRole('slider', { name: 'Seek', includeHidden: true }).boundingBox();
    const quarter = { x: seek.x + seek.width * 0.25, y: seek.y + seek.height / 2 };
    await page.touchscreen.tap(quarter.x, quarter.y);
    await page.waitForTimeout(300);
    assert.equal(await controlsHidden(page), false, 'the tap shows the controls');
    const after = await currentTime(page);
    assert.ok(after >= before, `the hidden seek bar took no tap (${before} → ${after})`);
    await page.touchscreen.tap(quarter.x, quarter.y);
    await eventually(async () => {
      const t = await currentTime(page);
      assert.ok(
        Math.abs(t - duration * 0.25) < 1,
        `the shown seek bar seeks ${second.title} to a quarter (${t} of ${duration})`,
      );
    });
    assert.equal(await region.count(), 0, 'the first video is gone');
    await leaveAndForget(page, [first, second]);
    assert.deepEqual(errors, [], 'no console errors');
  },
);

/** The player's controls that show (buttons and the seek bar) outside the viewport or the player. */
function controlsCutOff(page) {
  return page.locator('.player').evaluate((player) => {
    const frame = player.getBoundingClientRect();
    const [width, height] = [document.documentElement.clientWidth, window.innerHeight];
    return [...player.querySelectorAll('.player__controls button, .player__controls input')]
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => [c.getAttribute('aria-label'), c.getBoundingClientRect()])
      .filter(
        ([, r]) =>
          r.left < Math.max(0, frame.left) - 0.5 ||
          r.top < Math.max(0, frame.top) - 0.5 ||
          r.right > Math.min(width, frame.right) + 0.5 ||
          r.bottom > Math.min(height, frame.bottom) + 0.5,
      )
      .map(
        ([name, r]) =>
          `${name} [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}]`,
      );
  });
}

journey(
  use,
  'a phone held sideways shows the whole player, every control on screen, the menu in a drawer; Fullscreen fills the screen',
  { viewport: PHONE_LANDSCAPE, touch: true, timeout: 90_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const [first] = await playlistVideos();
    await signIn(page, VIEWER);
    await openVideo(page, first);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false, 'no side menu beside it');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    // Paused, the controls stay up to be measured.
    await page.locator('body').press('k');
    await eventually(async () => assert.equal(await paused(page), true));
    assert.equal(await controlsHidden(page), false);
    for (const viewport of [PHONE_LANDSCAPE, SMALL_PHONE_LANDSCAPE]) {
      await page.setViewportSize(viewport);
      const player = await page.locator('.player').boundingBox();
      assert.ok(
        player.y + player.height <= viewport.height + 0.5,
        `the player ends on screen: ${JSON.stringify(player)}`,
      );
      // As tall as the top bar leaves it, with the picture's own shape.
      assert.ok(player.height >= viewport.height - 61, `the player takes the screen's height: ${player.height}`);
      assert.ok(Math.abs(player.width / player.height - 16 / 9) < 0.02, `16:9: ${player.width}x${player.height}`);
      assert.deepEqual(await controlsCutOff(page), [], `controls cut off at ${viewport.width}x${viewport.height}`);
      await screenshot(page, `player-landscape-${viewport.width}x${viewport.height}`);
    }

    const full = await page.getByRole('button', { name: 'Fullscreen', exact: true }).boundingBox();
    await page.touchscreen.tap(full.x + full.width / 2, full.y + full.height / 2);
    await page.waitForFunction(() => document.fullscreenElement?.classList.contains('player'));
    const whole = await page.locator('.player').boundingBox();
    assert.deepEqual(
      [whole.x, whole.y, whole.width, whole.height],
      [0, 0, SMALL_PHONE_LANDSCAPE.width, SMALL_PHONE_LANDSCAPE.height],
      'fullscreen fills the screen',
    );
    assert.deepEqual(await controlsCutOff(page), [], 'controls cut off in fullscreen');
    await screenshot(page, 'player-landscape-fullscreen');
    const exit = await page.getByRole('button', { name: 'Exit fullscreen' }).boundingBox();
    await page.touchscreen.tap(exit.x + exit.width / 2, exit.y + exit.height / 2);
    await page.waitForFunction(() => document.fullscreenElement === null);
    await leaveAndForget(page, [first]);
    assert.deepEqual(errors, [], 'no console errors');
  },
);

journey(
  use,
  'a video stopped in its last seconds starts from the beginning, without Start over',
  { timeout: 60_000 },
  async ({ page }) => {
    const [first] = await playlistVideos();
    await signIn(page, VIEWER);
    await fromTheStart(page, first);
    // 7 of 8 s: before 95 %, so the server still answers it, but one second from the end.
    const status = await page.evaluate(
      async ({ id, position }) =>
        (
          await fetch('/cuviewTV/save_positions/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `JWT ${localStorage.getItem('access')}` },
            body: JSON.stringify({ positions: [{ video_id: id, position }] }),
          })
        ).status,
      { id: first.id, position: first.duration - 1 },
    );
    assert.equal(status, 204);
    await page.goto(`/home?g=${GROUP}&p=${PLAYLIST}&v=${first.id}`);
    await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime > 0.2);
    assert.ok(
      (await currentTime(page)) < first.duration - 2,
      `started from the beginning (${await currentTime(page)})`,
    );
    assert.equal(await page.getByRole('button', { name: 'Start over' }).count(), 0, 'no Start over');
    await leaveAndForget(page, [first]);
  },
);
