// Issue 15, the numbers staff want: a viewer plays a demo video (the player's beacon reports
// it), and the statistics screen shows the period's plays per day as a chart and the video
// in its table, at 1280 and 375 px.
import assert from 'node:assert/strict';
import pg from 'pg';
import { eventually, journey, PHONE, screenshot, sharedBrowser, signIn, STAFF, VIEWER } from './browser.mjs';

const use = sharedBrowser();
const ADMIN = { width: 1280, height: 900 };

/** Earlier days of viewing, as the counters would hold them, so the chart has a shape. */
async function seedEarlierDays() {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT id FROM videos WHERE status = 1 ORDER BY id LIMIT 3');
    for (let day = 1; day <= 13; day++) {
      for (const [i, { id }] of rows.entries()) {
        const plays = ((day * 7 + i * 5) % 11) + 1;
        await db.query(
          `INSERT INTO play_stats (day, video_id, playlist_id, plays, completions, watch_seconds)
           VALUES (current_date - $1::int, $2, 0, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [day, id, plays, Math.floor(plays / 2), plays * 95],
        );
      }
    }
    return rows.length;
  } finally {
    await db.end();
  }
}

journey(
  use,
  'a played video shows in the statistics screen, with a chart per day',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page, context }) => {
    assert.ok((await seedEarlierDays()) > 0, 'the demo has videos');
    await signIn(page, VIEWER);
    await page.goto('/home');
    const video = page.locator('video.player__video');
    await video.waitFor();
    await eventually(
      async () => assert.ok((await video.evaluate((v) => v.currentTime)) > 3, 'the video plays'),
      30_000,
    );
    // Leaving the page sends the beacon (keepalive), as closing the tab would.
    await page.goto('/search');

    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, STAFF);
    await page.goto('/adminStats?from=' + new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10));
    await page.getByRole('heading', { name: 'STATISTICS' }).waitFor();
    const chart = page.getByRole('img', { name: /^Plays per day/ });
    await chart.waitFor();
    assert.equal(await chart.locator('rect').count(), 14, 'one bar a day');
    // Today's bar holds the play just made.
    await eventually(async () => {
      await page.reload();
      const today = await page
        .getByRole('img', { name: /^Plays per day/ })
        .locator('rect')
        .last()
        .getAttribute('data-value');
      assert.ok(Number(today) >= 1, `today's plays: ${today}`);
    }, 20_000);
    await page.getByRole('region', { name: 'Videos' }).getByRole('row').nth(1).waitFor();
    await screenshot(page, 'admin-statistics-1280');
    await page.getByRole('button', { name: 'Watch time' }).click();
    await page.getByRole('img', { name: /^Watch time per day/ }).waitFor();

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Plays', exact: true }).click();
    await screenshot(page, 'admin-statistics-375');
  },
);
