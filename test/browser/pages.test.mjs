// Issue 7, the main pages as a signed-in viewer sees them at 1280 px and 375 px: each shows its
// content, nothing sticks out at the sides, and a screenshot of each is kept.
import assert from 'node:assert/strict';
import {
  assertAccessible,
  assertNoSidewaysOverflow,
  DESKTOP,
  journey,
  sharedBrowser,
  PHONE,
  screenshot,
  signIn,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();

/** Each page, and what shows once it has loaded. */
const PAGES = [
  ['home', '/', (page) => page.getByRole('heading', { name: 'My Playlists' })],
  ['player', '/home?g=4&p=54&v=403', (page) => page.getByRole('region', { name: 'Playlist CUVIEW Favourites' })],
  ['search', '/search?q=night', (page) => page.getByRole('link', { name: 'Play Night Drive (Official Video)' })],
  ['filter-results', '/filter_results/1!4', (page) => page.getByRole('link', { name: /^Play Summer Sessions/ })],
  ['categories', '/category', (page) => page.getByRole('link', { name: 'Chill Out' })],
  ['category', '/category/Live%20%26%20Loud/3', (page) => page.getByRole('link', { name: /^Play Paper Boats/ })],
  [
    'group',
    '/group/5/Concerts%20and%20Performances',
    (page) => page.getByRole('link', { name: 'Open playlist Live at the Harbour' }),
  ],
  ['playlist', '/playlist/251/Essential%20Classics', (page) => page.getByRole('link', { name: /^Big Buck Bunny/ })],
  ['my-playlists', '/myPlaylists', (page) => page.getByRole('link', { name: 'Open playlist My Favourites' })],
  [
    'my-playlist',
    '/myPlaylist/11/My%20Favourites',
    (page) => page.getByRole('button', { name: 'Reorder Night Drive (Official Video)' }),
  ],
];

for (const viewport of [DESKTOP, PHONE]) {
  journey(use, `the main pages at ${viewport.width} px`, { viewport, timeout: 120_000 }, async ({ page }) => {
    await signIn(page, VIEWER);
    for (const [name, path, shown] of PAGES) {
      await page.goto(path);
      await shown(page).first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSidewaysOverflow(page, `${name} ${viewport.width}`);
      await screenshot(page, `${name}-${viewport.width}`);
      if (name === 'categories') await assertAccessible(page, `${name} ${viewport.width}`);
      // Every duration on a tile is whole (seven tiles across at 1280 px clipped them to "1:14:1").
      // So is the video count beside it ("4 vide…" at 1280 px): the duration takes the next line.
      const clipped = await page.$$eval('.card__facts > *', (facts) =>
        facts
          .filter((fact) => fact.getClientRects().length > 0)
          .filter(
            (fact) =>
              fact.scrollWidth > fact.clientWidth + 1 ||
              fact.getBoundingClientRect().right > fact.closest('.card').getBoundingClientRect().right + 1,
          )
          .map((fact) => fact.textContent),
      );
      assert.deepEqual(clipped, [], `${name} ${viewport.width}: counts or durations cut off`);
      if (name === 'player') {
        // The player's time is whole too (at 375 px it read "0:00:00 / 0…").
        const time = page.locator('.player__time');
        await page.locator('video.player__video').hover();
        await time.waitFor();
        assert.ok(
          await time.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
          `${name} ${viewport.width}: the player's time is cut off: ${await time.textContent()}`,
        );
      }
      if (name.includes('playlist')) {
        // Titles get room to be read, not a sliver between picture and duration.
        const title = page.locator('.video-row__title, .card__title').first();
        assert.ok((await title.boundingBox()).width >= 100, `${name} ${viewport.width}: the title has room`);
      }
    }
    // An embedded video's start button: one line, inside the player, clear of the poster's title
    // at its foot (on a phone it wrapped to two lines over the title and the play sign).
    await page.goto('/home?g=4&p=54&v=201');
    const start = page.getByRole('button', { name: 'Play from Vimeo' });
    await start.waitFor();
    const lines = await start.evaluate((button) => {
      const text = document.createRange();
      text.selectNodeContents(button);
      return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size;
    });
    assert.equal(lines, 1, `embed ${viewport.width}: the start button is one line`);
    const button = await start.boundingBox();
    const player = await page.locator('.player--embed').boundingBox();
    assert.ok(button.x >= player.x && button.x + button.width <= player.x + player.width, 'inside the player');
    assert.ok(button.y + button.height <= player.y + player.height / 2, 'in the upper half of the poster');
    await screenshot(page, `embed-${viewport.width}`);
    if (viewport === PHONE) {
      // The side menu is a drawer on a phone.
      await page.goto('/');
      await page.getByRole('heading', { name: 'New Playlists' }).waitFor();
      const menu = page.getByRole('navigation', { name: 'Main' });
      assert.equal(await menu.getByRole('link', { name: 'Search' }).isVisible(), false, 'closed at first');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'My Playlists' }).waitFor();
      // Slid in completely, with keyboard focus in it.
      await page.waitForFunction(() => document.getElementById('side-menu').getBoundingClientRect().left >= 0);
      assert.ok(await menu.evaluate((nav) => nav.contains(document.activeElement)), 'focus moves into the drawer');
      await screenshot(page, 'drawer-375');
      await menu.getByRole('link', { name: 'Categories' }).click();
      await page.waitForURL(/\/category$/);
      await page.getByRole('heading', { name: 'Categories' }).waitFor();
      // Closed again after a choice.
      await menu.getByRole('link', { name: 'Search' }).waitFor({ state: 'hidden' });
    }
  });
}

// A personal playlist named with one long word (the name field takes 120 characters) made the
// pages that show it up to 4 times wider than the screen, and on a phone the Create button
// of the Add to playlist dialog stuck out of its box.
for (const viewport of [DESKTOP, PHONE]) {
  journey(use, `a playlist named with one long word fits at ${viewport.width} px`, { viewport }, async ({ page }) => {
    await signIn(page, VIEWER);
    const name = `Longword${'o'.repeat(100)}${Date.now().toString(36)}`;
    const token = (await (await page.request.post('/cuviewTV/auth/jwt/create/', { data: VIEWER })).json()).access;
    const headers = { Authorization: `JWT ${token}` };
    const created = await page.request.post('/cuviewTV/add_full_playlist/', {
      headers,
      data: { title: name, video_list: [403] },
    });
    assert.equal(created.status(), 201, await created.text());
    const { id } = await created.json();
    try {
      await page.goto(`/myPlaylist/${id}/${name}`);
      await page.getByRole('heading', { name }).waitFor();
      await assertNoSidewaysOverflow(page, `my playlist ${viewport.width}`);
      await page.goto(`/home?g=4&p=${id}&v=403`);
      await page.getByRole('region', { name: `Playlist ${name}` }).waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSidewaysOverflow(page, `player ${viewport.width}`);
      await screenshot(page, `player-long-name-${viewport.width}`);

      await page
        .getByRole('button', { name: /^Add .* to playlist$/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Add to playlist' });
      await dialog.getByRole('button', { name }).waitFor();
      await dialog.getByRole('button', { name: 'Create New' }).click();
      const [create, box] = await Promise.all([
        dialog.getByRole('button', { name: 'Create', exact: true }).boundingBox(),
        dialog.boundingBox(),
      ]);
      assert.ok(
        create.x + create.width <= box.x + box.width,
        `Create inside the dialog: ${JSON.stringify({ create, box })}`,
      );
      await assertNoSidewaysOverflow(page, `add to playlist ${viewport.width}`);
      await screenshot(page, `add-to-create-${viewport.width}`);
    } finally {
      await page.request.delete(`/cuviewTV/delete_playlist/${id}/`, { headers });
    }
  });
}
