// Issue 15, the track wizard for real work: a clip whose music starts after a quiet opening is
// uploaded; step 4 draws its audio's waveform (made by the worker), the excerpt's start and end
// are dragged on it and moved with the keyboard, and the times read and type as m:ss. At
// 1280x900 Save is in view without scrolling.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, journey, PHONE, screenshot, sharedBrowser, signIn, STAFF } from './browser.mjs';

const use = sharedBrowser();
const ADMIN = { width: 1280, height: 900 };

/** 20 s of picture; the sound is quiet for 5 s, then a tone that swells and fades twice. */
function musicClip() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cuview-e2e-wave-'));
  const file = path.join(dir, 'wave.mp4');
  const run = spawnSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=20'],
      ...['-f', 'lavfi', '-i', "aevalsrc='if(lt(t,5),0.003,0.7*sin(2*PI*330*t)*abs(sin(2*PI*t/15)))':s=22050:d=20"],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart'],
      file,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Uploads the clip on Add Video and walks the wizard to step 4 of `track`. Answers the dialog. */
async function toExcerptStep(page, file) {
  await page.goto('/addVideo');
  await page.getByRole('heading', { name: 'ADD VIDEO' }).waitFor();
  const upload = page.getByRole('region', { name: 'Video upload' });
  await upload.getByLabel('Video file').setInputFiles(file);
  await upload.getByText(/^Uploaded · /).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add Track' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Track' });
  await wizard.getByLabel('Album title or catalogue number').fill('Neon Avenue');
  await wizard.getByRole('button', { name: 'Find album', exact: true }).click();
  await wizard.getByRole('button', { name: 'Choose album Neon Avenue' }).click();
  await wizard.getByRole('button', { name: 'Choose track Night Drive' }).click();
  await wizard.getByRole('img', { name: /^Waveform of the audio, 0:20 long$/ }).waitFor({ timeout: 30_000 });
  return wizard;
}

/** Drags a handle to `fraction` of the timeline's width. */
async function dragTo(page, handle, timeline, fraction) {
  const from = await handle.boundingBox();
  const box = await timeline.boundingBox();
  assert.ok(from && box, 'handle and timeline on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
}

const inView = async (page, locator) => {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  return Boolean(box && box.y >= 0 && box.y + box.height <= viewport.height);
};

journey(
  use,
  "the wizard draws the upload's waveform; start and end are dragged and stepped, shown as m:ss",
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page }) => {
    const clip = musicClip();
    try {
      await signIn(page, STAFF);
      const wizard = await toExcerptStep(page, clip.file);
      const wave = wizard.getByRole('img', { name: /^Waveform of the audio/ });
      assert.ok(Number(await wave.getAttribute('data-peaks')) >= 1000, 'the worker drew at least 1000 peaks');

      // Save, Reset and Back are in view at 1280x900 without scrolling the dialog.
      for (const name of ['Save', 'Reset', 'Back']) {
        assert.ok(await inView(page, wizard.getByRole('button', { name, exact: true })), `${name} in view`);
      }

      const timeline = wizard.getByTestId('excerpt-timeline');
      const start = wizard.getByRole('slider', { name: 'Excerpt start' });
      const end = wizard.getByRole('slider', { name: 'Excerpt end' });
      assert.equal(await start.getAttribute('aria-valuetext'), '0:00');

      // Dragged to where the music starts (a quarter of 20 s), and the end to 90 %.
      await dragTo(page, start, timeline, 0.25);
      await dragTo(page, end, timeline, 0.9);
      const startSeconds = Number(await start.getAttribute('aria-valuenow'));
      const endSeconds = Number(await end.getAttribute('aria-valuenow'));
      assert.ok(Math.abs(startSeconds - 5) <= 0.3, `start dragged to about 0:05 (${startSeconds})`);
      assert.ok(Math.abs(endSeconds - 18) <= 0.3, `end dragged to about 0:18 (${endSeconds})`);
      const startText = await wizard.getByLabel('Start (m:ss)').inputValue();
      assert.match(startText, /^0:0[45](\.\d)?$/, 'the start field reads m:ss');
      assert.equal(await start.getAttribute('aria-valuetext'), startText, 'the handle and the field agree');

      // Fine steps with the keyboard: a tenth per arrow, a second with Shift.
      await start.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Shift+ArrowRight');
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await start.getAttribute('aria-valuetext'), '0:01.5');
      // The field follows the handle after the render (an effect), so it is read until it does.
      await eventually(async () => assert.equal(await wizard.getByLabel('Start (m:ss)').inputValue(), '0:01.5'));

      // Typed as m:ss.
      await wizard.getByLabel('End (m:ss)').fill('0:17.5');
      await wizard.getByLabel('End (m:ss)').press('Enter');
      assert.equal(await end.getAttribute('aria-valuetext'), '0:17.5');
      await dragTo(page, start, timeline, 0.25);
      await screenshot(page, 'admin-track-wizard-waveform-1280');

      await wizard.getByRole('button', { name: 'Save', exact: true }).click();
      await wizard.waitFor({ state: 'detached' });
      const row = page.getByRole('table', { name: 'Tracks' }).locator('tbody tr').first();
      assert.match((await row.textContent()) ?? '', /Night Drive/);
    } finally {
      clip.remove();
    }
  },
);

journey(use, 'the wizard step 4 at 375 px', { viewport: PHONE, timeout: 120_000 }, async ({ page }) => {
  const clip = musicClip();
  try {
    await signIn(page, STAFF);
    const wizard = await toExcerptStep(page, clip.file);
    assert.ok(await inView(page, wizard.getByRole('button', { name: 'Save', exact: true })), 'Save in view');
    await screenshot(page, 'admin-track-wizard-waveform-375');
  } finally {
    clip.remove();
  }
});
