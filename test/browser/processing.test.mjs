// Issue 15: a video upload that loses its connection, and then its tab, resumes where it
// stopped (tus); the processing page lists failed videos across the catalogue, the menu counts
// them, and Retry queues one again. Screenshots of the processing page at 1280 and 375 px.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
// The house ffmpeg command for synthetic clips; `npm test` builds dist first.
import { generateTestVideo } from '../../dist/libs/media/src/testing/generate.js';
import { journey, PHONE, screenshot, sharedBrowser, signIn, STAFF, uniqueName } from './browser.mjs';

const use = sharedBrowser();
const ADMIN = { width: 1280, height: 900 };
/** The web app's tus request size (web/src/features/admin/api/videos/upload-video.ts). */
const CHUNK = 8 * 1024 * 1024;

journey(
  use,
  'a cut upload resumes where it stopped, also after the tab was closed',
  { viewport: ADMIN, timeout: 150_000 },
  async ({ page }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cuview-e2e-resume-'));
    try {
      // About 15 MB: two tus requests, the second of which is cut.
      const file = await generateTestVideo(path.join(dir, 'e2e-concert.mp4'), {
        width: 640,
        height: 360,
        seconds: 20,
        fps: 25,
        noise: 40,
        videoBitrate: '8M',
      });
      const size = statSync(file).size;
      assert.ok(size > CHUNK * 1.3, `the clip spans two requests (${size} bytes)`);

      const sent = [];
      let cutting = true;
      await page.route('**/cuviewTV/upload_video_resumable/**', async (route) => {
        const request = route.request();
        const offset = Number((await request.headerValue('upload-offset')) ?? -1);
        sent.push({ method: request.method(), offset });
        // The connection drops during the second half, and stays down until the tab is gone.
        if (cutting && request.method() === 'PATCH' && offset >= CHUNK) await route.abort('connectionreset');
        else await route.continue();
      });

      await signIn(page, STAFF);
      await page.goto('/addVideo');
      await page.getByRole('heading', { name: 'ADD VIDEO' }).waitFor();
      let upload = page.getByRole('region', { name: 'Video upload' });
      await upload.getByLabel('Video file').setInputFiles(file);
      // The first half is stored; the second keeps failing and is retried.
      for (let i = 0; i < 100 && sent.filter((r) => r.method === 'PATCH' && r.offset >= CHUNK).length < 2; i++) {
        await page.waitForTimeout(100);
      }
      assert.ok(
        sent.filter((r) => r.method === 'PATCH' && r.offset === CHUNK).length >= 2,
        `the client retried from ${CHUNK}: ${JSON.stringify(sent)}`,
      );

      // The tab goes; a new one (the network back) gets the same file chosen again.
      cutting = false;
      sent.length = 0;
      await page.reload();
      await page.getByRole('heading', { name: 'ADD VIDEO' }).waitFor();
      upload = page.getByRole('region', { name: 'Video upload' });
      await upload.getByLabel('Video file').setInputFiles(file);
      await upload.getByText(/^Uploaded · /).waitFor({ timeout: 60_000 });
      assert.equal(
        sent.filter((r) => r.method === 'POST').length,
        0,
        `no new upload was created: ${JSON.stringify(sent)}`,
      );
      const patches = sent.filter((r) => r.method === 'PATCH');
      assert.equal(patches[0]?.offset, CHUNK, `it went on from the stored half: ${JSON.stringify(sent)}`);
    } finally {
      await page.unroute('**/cuviewTV/upload_video_resumable/**');
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

/** Two videos whose processing failed (their originals are gone), straight in the database. */
async function failedVideos(titles) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const ids = [];
    for (const title of titles) {
      const { rows } = await db.query(
        `INSERT INTO videos (title, description, yt_link, status, duration, original_key, processing_state, processing_error)
         VALUES ($1, '', '', 0, 40, $2, 'failed', 'The original could not be read') RETURNING id`,
        [title, `originals/2026/11/${crypto.randomUUID()}.mp4`],
      );
      ids.push(rows[0].id);
    }
    return ids;
  } finally {
    await db.end();
  }
}

journey(
  use,
  'staff see failed processing counted in the menu, list it on the processing page and retry it',
  { viewport: ADMIN, timeout: 90_000 },
  async ({ page, context }) => {
    const titles = [uniqueName('Broken concert'), uniqueName('Broken session')];
    await failedVideos(titles);
    await signIn(page, STAFF);
    await page.goto('/adminVideos');
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await menu.getByLabel(/^\d+ failed$/).waitFor();
    await menu.getByRole('link', { name: /PROCESSING/ }).click();
    await page.getByRole('heading', { name: 'PROCESSING' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: titles[0] });
    await row.getByText('The original could not be read').waitFor();
    await page.getByRole('row').filter({ hasText: titles[1] }).waitFor();
    await screenshot(page, 'admin-processing-1280');

    await row.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Processing has been queued again').waitFor();

    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto('/processing');
    await phone.getByRole('heading', { name: 'PROCESSING' }).waitFor();
    await phone.getByText(titles[1]).waitFor();
    // The list is cards at 375 px: nothing of it is cut at the right edge (the menu above it is
    // the layout's, a strip that scrolls sideways).
    const right = await phone.evaluate(
      () => document.querySelector('.admin-table--processing').getBoundingClientRect().right,
    );
    assert.ok(right <= 375, `the processing list fits the phone (right edge at ${right} px)`);
    await screenshot(phone, 'admin-processing-375');
  },
);
