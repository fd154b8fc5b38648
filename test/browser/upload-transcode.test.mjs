// Issue 15, item 3: the transcode starts when the upload ends, so the Add Video screen shows its
// stage and the time left while staff fill in the form; Save attaches the details, and the video
// turns Ready on its edit screen. No console error on the way.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The house ffmpeg command for synthetic clips; `npm test` builds dist first.
import { generateTestVideo } from '../../dist/libs/media/src/testing/generate.js';
import {
  consoleErrorsOf,
  eventually,
  journey,
  screenshot,
  sharedBrowser,
  signIn,
  STAFF,
  uniqueName,
} from './browser.mjs';

const use = sharedBrowser();
const ADMIN = { width: 1280, height: 900 };

/** Picks `item` from the MultiPicker dropdown `label` ('Add genres', ...). */
async function pick(page, label, item) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('list', { name: label, exact: true }).getByRole('button', { name: item, exact: true }).click();
  // The list stays open for another pick; Escape closes it, as a person would.
  await page.keyboard.press('Escape');
}

journey(
  use,
  'the transcode runs while the form is filled, by stage with the time left, and the video is Ready after Save',
  { viewport: ADMIN, timeout: 180_000 },
  async ({ page }) => {
    const errors = consoleErrorsOf(page);
    const dir = mkdtempSync(path.join(tmpdir(), 'cuview-e2e-early-'));
    const title = uniqueName('E2E early transcode');
    try {
      // 720p and long enough that its renditions take a while on any machine.
      const file = await generateTestVideo(path.join(dir, 'e2e-early.mp4'), {
        width: 1280,
        height: 720,
        seconds: 30,
        fps: 25,
      });
      await signIn(page, STAFF);
      await page.goto('/addVideo');
      await page.getByRole('heading', { name: 'ADD VIDEO' }).waitFor();
      const upload = page.getByRole('region', { name: 'Video upload' });
      await upload.getByLabel('Video file').setInputFiles(file);
      await upload.getByText(/^Uploaded · /).waitFor({ timeout: 60_000 });

      // Before Save: the stage, its percent and the time left, as the worker reports them.
      const status = upload.getByRole('status');
      const seen = new Set();
      await eventually(
        async () => {
          const text = (await status.textContent()) ?? '';
          seen.add(text);
          assert.match(text, /^Transcoding \d+p(, \d+p)* · \d+ % · about \d+ (s|min) left$/);
        },
        60_000,
        200,
      );
      await upload.getByRole('progressbar', { name: 'Transcoding' }).waitFor();
      await screenshot(page, 'admin-add-video-transcoding-1280');

      // The form, filled while it runs.
      await page.getByLabel('Title').fill(title);
      await pick(page, 'Add genres', 'Synthpop');
      await pick(page, 'Add moods', 'Calm');
      await pick(page, 'Add video genres', 'Music Video');
      await pick(page, 'Add tags', 'night');
      await page.getByRole('button', { name: 'Add Track' }).click();
      const wizard = page.getByRole('dialog', { name: 'Add Track' });
      await wizard.getByLabel('Album title or catalogue number').fill('Neon Avenue');
      await wizard.getByRole('button', { name: 'Find album', exact: true }).click();
      await wizard.getByRole('button', { name: 'Choose album Neon Avenue' }).click();
      await wizard.getByRole('button', { name: 'Choose track Night Drive' }).click();
      await wizard.getByRole('region', { name: 'Excerpt' }).getByText('Night Drive', { exact: true }).waitFor();
      await wizard.getByLabel('End (m:ss)').fill('0:20');
      await wizard.getByRole('button', { name: 'Save', exact: true }).click();
      await wizard.waitFor({ state: 'detached' });
      const beforeSave = (await status.textContent()) ?? '';
      seen.add(beforeSave);

      await page.locator('.admin-page__footer').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Video has been added', { exact: true }).waitFor();
      await page.waitForURL(/\/editVideo\/\d+$/);
      await page.evaluate(() => window.scrollTo(0, 0));
      const panel = page.getByRole('region', { name: 'Video', exact: true });
      await eventually(
        async () => assert.equal(await panel.locator('.processing__state').textContent(), 'Ready'),
        120_000,
        250,
      );
      await panel.getByLabel(`${title} player`).waitFor();
      assert.deepEqual(errors, [], `console errors: ${errors.join(' | ')} (statuses seen: ${[...seen].join(' / ')})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
