// Issue 17, seek-bar previews and words on screen: hovering the seek bar shows the storyboard
// frame, the time and the track there; staff attach an SRT in the admin video editor, and a
// viewer who turns the subtitles on sees the cue at its time. Screenshots at 1280 and 375 px.
import assert from 'node:assert/strict';
import {
  BASE_URL,
  DESKTOP,
  eventually,
  journey,
  PHONE,
  screenshot,
  sharedBrowser,
  signIn,
  STAFF,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();
const VIDEO = 403;
const TITLE = 'Night Drive (Official Video)';
const LYRIC = 'Night lights on the highway';

const SRT = `1
00:00:01,000 --> 00:00:40,000
<font color="#ffcc00">${LYRIC}</font>

2
00:00:40,500 --> 00:00:45,000
<script>alert(1)</script>Headlights fading
`;

async function openPlayer(page) {
  await page.goto(`/home?g=4&p=54&v=${VIDEO}`);
  const player = page.getByRole('region', { name: `Video player: ${TITLE}` });
  await player.waitFor();
  await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime > 0.3);
  await player.hover();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  return player;
}

/** Moves the mouse over the seek bar at `fraction` of its width. */
async function hoverSeekBar(page, fraction) {
  const box = await page.getByRole('slider', { name: 'Seek' }).boundingBox();
  assert.ok(box, 'the seek bar is on screen');
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 4 });
}

/** What the seek preview shows: its frame's background and position, the time, the track. */
function previewState(page) {
  return page.getByTestId('seek-preview').evaluate((el) => {
    const frame = el.querySelector('.seek-preview__frame');
    const style = frame ? getComputedStyle(frame) : null;
    return {
      image: style?.backgroundImage ?? '',
      position: style?.backgroundPosition ?? '',
      size: frame ? [frame.clientWidth, frame.clientHeight] : null,
      time: el.querySelector('.seek-preview__time')?.textContent ?? '',
      label: el.querySelector('.seek-preview__label')?.textContent ?? '',
    };
  });
}

journey(use, 'hovering the seek bar shows the storyboard frame, the time and the track there', {}, async ({ page }) => {
  const video = await (await fetch(`${BASE_URL}/cuviewTV/get_video/${VIDEO}/`)).json();
  assert.match(video.storyboard, new RegExp(`^/cuviewTV/media/hls/${VIDEO}/[^/]+/storyboard/storyboard\\.vtt$`));
  await signIn(page, VIEWER);
  await openPlayer(page);

  await hoverSeekBar(page, 0.5);
  await page.getByTestId('seek-preview').waitFor();
  const middle = await eventually(async () => {
    const state = await previewState(page);
    assert.match(state.image, /\/storyboard\/sheet-\d{3}\.jpg"\)$/, 'a frame of a storyboard sheet');
    return state;
  });
  const sheet = /url\("(.+)"\)/.exec(middle.image)[1];
  const response = await fetch(sheet);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/jpeg');
  assert.equal(middle.size[0], 160, 'a 160 px frame');
  // The time under the pointer: half the video, to the second the bar's width allows.
  const seconds = middle.time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  assert.ok(Math.abs(seconds - video.duration / 2) <= 1, `${middle.time} is about half of ${video.duration} s`);
  const titles = video.tracks.map((t) => t.title);
  assert.ok(titles.includes(middle.label), `the track name "${middle.label}" is one of the video's tracks`);

  // Further along, another frame of the sprite (another position), and a later time.
  await hoverSeekBar(page, 0.9);
  const later = await eventually(async () => {
    const state = await previewState(page);
    assert.notEqual(state.time, middle.time);
    return state;
  });
  assert.notEqual(`${later.image} ${later.position}`, `${middle.image} ${middle.position}`, 'another frame');
  await screenshot(page, 'player-seek-preview-1280');

  // Keyboard focus on the seek bar shows the preview at the thumb, and it follows the arrows.
  await page.mouse.move(5, 5);
  await page.getByTestId('seek-preview').waitFor({ state: 'detached' });
  await page.getByRole('slider', { name: 'Seek' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.getByTestId('seek-preview').waitFor();
});

// A stranger's report, "no seek preview appeared on hover": while the video played, the
// controls (and the preview with them) hid 1 s after the pointer stopped on the seek bar.
journey(use, 'the preview stays while the pointer rests on the seek bar of a playing video', {}, async ({ page }) => {
  await signIn(page, VIEWER);
  await page.goto(`/home?g=4&p=54&v=${VIDEO}`);
  const player = page.getByRole('region', { name: `Video player: ${TITLE}` });
  await player.waitFor();
  await page.waitForFunction(() => document.querySelector('video.player__video')?.currentTime > 0.3);
  await player.hover();
  await hoverSeekBar(page, 0.5);
  await page.getByTestId('seek-preview').waitFor();
  // Longer than the controls' idle time (1 s), the pointer still.
  await page.waitForTimeout(2500);
  assert.equal(await page.locator('video.player__video').evaluate((v) => v.paused), false, 'still playing');
  assert.equal(await page.getByTestId('seek-preview').count(), 1, 'the preview is still there');
  assert.equal(await player.evaluate((el) => el.classList.contains('player--idle')), false, 'the controls too');
  // Off the controls, they hide again while playing.
  await page.mouse.move(5, 5);
  await eventually(async () => assert.ok(await player.evaluate((el) => el.classList.contains('player--idle'))));
});

journey(
  use,
  'staff attach an SRT to a video and a viewer sees its cue at its time',
  { timeout: 120_000 },
  async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto(`/editVideo/${VIDEO}`);
    const panel = page.getByRole('region', { name: 'Subtitles' });
    await panel.waitFor();
    const file = (name, text) => ({ name, mimeType: 'application/x-subrip', buffer: Buffer.from(text) });

    // A broken file is refused with the line of the mistake.
    await panel
      .getByLabel('File (WebVTT or SRT)')
      .setInputFiles(file('broken.srt', '1\n00:00:01,000 -> 00:00:02,000\nHi\n'));
    await panel.getByLabel('Language code').fill('en');
    await panel.getByRole('button', { name: 'Add subtitles' }).click();
    assert.equal(
      await panel.getByRole('alert').textContent(),
      'Line 2: expected a time range such as 00:00:01,000 --> 00:00:04,000',
    );

    await panel.getByLabel('File (WebVTT or SRT)').setInputFiles(file('lyrics.srt', SRT));
    await panel.getByLabel('Label').fill('English lyrics');
    await panel.getByRole('button', { name: 'Add subtitles' }).click();
    await panel.getByText('English lyrics').waitFor();
    assert.match(await panel.locator('li').first().textContent(), /\(en, 2 lines\)/);
    await screenshot(page, 'admin-subtitles-1280');

    // A viewer, in a browser of their own.
    const context = await use().newContext({ viewport: DESKTOP, baseURL: BASE_URL });
    const errors = [];
    try {
      const viewer = await context.newPage();
      viewer.on('pageerror', (error) => errors.push(error.message));
      await signIn(viewer, VIEWER);
      await openPlayer(viewer);
      await viewer.getByRole('button', { name: 'Subtitles' }).click();
      await viewer.getByRole('menuitemradio', { name: 'English lyrics' }).click();
      await viewer.locator('video.player__video').evaluate((v) => {
        v.currentTime = 2;
      });
      const cue = await eventually(() =>
        viewer.locator('video.player__video').evaluate((v) => {
          const track = [...v.textTracks].find((t) => t.kind === 'subtitles' && t.mode === 'showing');
          if (!track) throw new Error('no subtitles track is showing');
          const active = [...(track.activeCues ?? [])].map((c) => c.text);
          if (active.length === 0) throw new Error(`no active cue at ${v.currentTime}`);
          return { language: track.language, active };
        }),
      );
      assert.deepEqual(cue, { language: 'en', active: [LYRIC] }, 'the cue of 0:01, its markup gone');
      await hoverSeekBar(viewer, 0.35);
      await viewer.getByTestId('seek-preview').waitFor();
      await screenshot(viewer, 'player-subtitles-seek-1280');
    } finally {
      await context.close();
    }
    assert.deepEqual(errors, [], 'uncaught errors in the viewer page');
  },
);

journey(use, 'the seek preview and the subtitles at 375 px', { viewport: PHONE }, async ({ page }) => {
  await signIn(page, VIEWER);
  await openPlayer(page);
  await page.getByRole('button', { name: 'Subtitles' }).click();
  await page.getByRole('menuitemradio', { name: 'English lyrics' }).click();
  await page.locator('video.player__video').evaluate((v) => {
    v.currentTime = 3;
  });
  await eventually(async () =>
    assert.equal(
      await page
        .locator('video.player__video')
        .evaluate((v) => [...v.textTracks].find((t) => t.mode === 'showing')?.activeCues?.length ?? 0),
      1,
    ),
  );
  await hoverSeekBar(page, 0.6);
  await page.getByTestId('seek-preview').waitFor();
  const preview = await page.getByTestId('seek-preview').boundingBox();
  assert.ok(preview.x >= 0 && preview.x + preview.width <= PHONE.width, 'the preview stays on screen');
  await screenshot(page, 'player-subtitles-seek-375');
});
