// Issue 15, lists for thousands of items: the staff video list sorted by a heading (and back),
// filtered with the view kept in the address (Back returns to it), a bulk access change on a
// selection, and every admin list at 375 px without sideways scrolling. Screenshots at 1280
// and 375 px.
import assert from 'node:assert/strict';
import {
  consoleErrorsOf,
  eventually,
  handleNames,
  journey,
  PHONE,
  screenshot,
  sharedBrowser,
  signIn,
  STAFF,
} from './browser.mjs';

const use = sharedBrowser();
const ADMIN = { width: 1280, height: 900 };

/** The titles of the list's rows, top to bottom. */
function titles(page) {
  return page.locator('.admin-table tbody .admin-table__title').allTextContents();
}

const search = (page) => new URL(page.url()).searchParams;

journey(
  use,
  'staff sort and filter the video list, switch access of a selection off and on, and go Back to a view',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page, dialogs }) => {
    await signIn(page, STAFF);
    // 25 a page: the whole demo catalogue on one page, so both orders show the same videos.
    await page.goto('/adminVideos?size=25');
    await page.getByRole('heading', { name: 'VIDEOS' }).waitFor();
    await page.locator('.admin-table tbody tr').first().waitFor();

    // Sorting by the Title heading, then the other way.
    await page.getByRole('button', { name: 'Title' }).click();
    await page.waitForURL(/sort=title/);
    const norm = (t) =>
      t
        .normalize('NFD')
        .replace(/[^a-zA-Z0-9]+/g, ' ')
        .trim()
        .toLowerCase();
    await eventually(async () => {
      const shown = await titles(page);
      assert.ok(shown.length > 1, 'several videos');
      assert.deepEqual(shown.map(norm), [...shown.map(norm)].sort(), 'A to Z');
    });
    const ascending = await titles(page);
    await page.getByRole('button', { name: /^Title/ }).click();
    await page.waitForURL(/order=desc/);
    await eventually(async () => assert.equal((await titles(page))[0], ascending.at(-1)));
    assert.equal(await page.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort'), 'descending');

    // A filter: the view is in the address.
    await page.getByRole('combobox', { name: 'Processing' }).selectOption('ready');
    await page.waitForURL(/state=ready/);
    assert.equal(search(page).get('sort'), 'title');
    await page
      .getByText(/\d+ videos?/)
      .first()
      .waitFor();
    await screenshot(page, 'admin-videos-sorted-1280');

    // A bulk action on two chosen rows: access off, shown by the Access filter, then on again.
    const [first, second] = (await titles(page)).slice(0, 2);
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await screenshot(page, 'admin-videos-bulk-1280');
    await bar.getByRole('button', { name: 'Access off' }).click();
    await page.getByText('2 videos changed', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Access' }).selectOption('off');
    await page.waitForURL(/access=off/);
    await eventually(async () => assert.deepEqual((await titles(page)).sort(), [first, second].sort()));

    // Back returns to the view before the Access filter.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('access') && url.searchParams.get('state') === 'ready');
    assert.equal(await page.getByRole('combobox', { name: 'Access' }).inputValue(), '');
    await page.goForward();
    await page.waitForURL(/access=off/);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByRole('button', { name: 'Access on' }).click();
    // Both are on again: none is left under "access off".
    await page.getByText('No Result, please try a different query').waitFor();
    assert.deepEqual(dialogs, []);
  },
);

journey(
  use,
  'staff switch access of two playlists off in one bulk action and on again through the filter',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page, dialogs }) => {
    const consoleErrors = consoleErrorsOf(page);
    await signIn(page, STAFF);
    // The playlists off already (the demo has some): they must be off again at the end.
    await page.goto('/adminPlaylists?sort=title&size=100&access=off');
    await page.getByRole('heading', { name: 'PLAYLISTS' }).waitFor();
    await page
      .getByText(/\d+ playlists?|No Result/)
      .first()
      .waitFor();
    const offBefore = await titles(page);

    await page.goto('/adminPlaylists?sort=title&size=25&access=on');
    await page.locator('.admin-table tbody tr').first().waitFor();
    const [first, second] = (await titles(page)).slice(0, 2);
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByText('2 selected').waitFor();
    await screenshot(page, 'admin-playlists-bulk-1280');
    await bar.getByRole('button', { name: 'Access off' }).click();
    await page.getByText('2 playlists changed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();

    await page.getByRole('combobox', { name: 'Access' }).selectOption('off');
    await page.waitForURL(/access=off/);
    const expected = [...offBefore, first, second].sort();
    await eventually(async () => assert.deepEqual((await titles(page)).sort(), expected));
    // Back on, chosen row by row; the ones that were off before stay off.
    await page.getByRole('checkbox', { name: `Select ${first}` }).check();
    await page.getByRole('checkbox', { name: `Select ${second}` }).check();
    await bar.getByRole('button', { name: 'Access on' }).click();
    await page.getByText('2 playlists changed', { exact: true }).waitFor();
    await eventually(async () => assert.deepEqual((await titles(page)).sort(), [...offBefore].sort()));
    assert.deepEqual(dialogs, []);
    assert.deepEqual(consoleErrors, [], 'no console error');
  },
);

journey(
  use,
  'themes, categories and banners sort and filter in the address; dragging is offered in the hand order only',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page }) => {
    const consoleErrors = consoleErrorsOf(page);
    await signIn(page, STAFF);
    // Every theme on one page, so the hand order and the sorted view show the same themes.
    await page.goto('/themes?size=100');
    const themes = page.getByRole('list', { name: 'Themes' });
    await themes.getByRole('listitem').first().waitFor();
    const handOrder = await handleNames(themes);
    assert.ok(handOrder.length > 1, 'several themes, each with a handle');
    await page.getByText('Hand order: the order viewers see.').waitFor();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title');
    await page.waitForURL(/sort=title/);
    await page.getByText('drag reordering is off here', { exact: false }).waitFor();
    assert.equal(await themes.getByRole('button', { name: /^Reorder / }).count(), 0, 'no handles when sorted');
    // The sorted answer replaces the hand order (which stays on screen while it loads).
    const sorted = [...handOrder].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    await eventually(async () =>
      assert.deepEqual(await themes.locator('.sortable-row__title').allTextContents(), sorted),
    );
    await screenshot(page, 'admin-themes-sorted-1280');
    await page.getByRole('button', { name: 'Show the hand order to reorder' }).click();
    await page.waitForURL((url) => !url.searchParams.has('sort'));
    await eventually(async () => assert.deepEqual(await handleNames(themes), handOrder));

    await page.goto('/categories');
    await page.locator('.admin-table tbody tr').first().waitFor();
    await page.getByRole('button', { name: /^Title/ }).click();
    await page.waitForURL(/order=desc/);
    await eventually(async () =>
      assert.equal(await page.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort'), 'descending'),
    );

    await page.goto('/main?sort=title');
    const banners = page.getByRole('list', { name: 'Banner videos' });
    await banners.getByRole('listitem').first().waitFor();
    assert.equal(await banners.getByRole('button', { name: /^Reorder / }).count(), 0, 'no handles when sorted');
    await page.getByRole('combobox', { name: 'Access' }).selectOption('on');
    await page.waitForURL(/access=on/);
    await page
      .getByText(/\d+ banners?/)
      .first()
      .waitFor();
    // The filtered answer is in (the previous page stays on screen while it loads): no banner is off.
    await eventually(async () => assert.equal(await banners.getByText('OFF', { exact: true }).count(), 0));
    await screenshot(page, 'admin-banners-sorted-1280');
    assert.deepEqual(consoleErrors, [], 'no console error');
  },
);

/** The page is no wider than the phone; a failure names the elements that stick out. */
async function assertNoSidewaysScroll(page, path) {
  const { width, wide } = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && el.getClientRects().length > 0)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { width: document.documentElement.scrollWidth, wide };
  });
  assert.ok(width <= 375, `${path} is ${width} px wide at 375 px: ${wide.join(', ')}`);
}

journey(
  use,
  'every admin list at 375 px is a column of cards with no sideways scrolling',
  { viewport: PHONE, timeout: 120_000 },
  async ({ page }) => {
    await signIn(page, STAFF);
    for (const [path, heading] of [
      ['/adminVideos', 'VIDEOS'],
      ['/adminPlaylists', 'PLAYLISTS'],
      ['/themes', 'THEMES'],
      ['/categories', 'CATEGORIES'],
      ['/main', 'MY PAGE'],
      ['/taxonomy', 'TAGS & GENRES'],
      ['/adminStats', 'STATISTICS'],
      ['/adminSecurity', 'TWO-FACTOR SIGN-IN'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSidewaysScroll(page, path);
      await screenshot(page, `admin-${path.slice(1).toLowerCase()}-375`);
    }
    // The forms too: a video with tracks (the tracks table is a column of labelled cards), and a new one.
    await page.goto('/adminVideos?sort=title');
    const edit = await page.locator('a[href^="/editVideo/"]').first().getAttribute('href');
    for (const [path, heading] of [
      [edit, 'EDIT VIDEO'],
      ['/addVideo', 'ADD VIDEO'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoSidewaysScroll(page, path);
      await screenshot(page, `admin-${heading.toLowerCase().replace(' ', '-')}-375`);
    }
    // The Security screen starts right under the menu: no empty band between them.
    await page.goto('/adminSecurity');
    await page.getByRole('heading', { name: 'TWO-FACTOR SIGN-IN' }).waitFor();
    const gap = await page.evaluate(() => {
      const heading = document.querySelector('h1')?.getBoundingClientRect();
      const menu = document.querySelector('.admin__side')?.getBoundingClientRect();
      return heading && menu ? heading.top - menu.bottom : 0;
    });
    assert.ok(gap < 48, `the heading is ${gap} px under the menu`);
    await page.goto('/adminVideos?sort=title');
    await page.locator('.admin-table tbody tr').first().waitFor();
    const display = await page
      .locator('.admin-table tbody tr')
      .first()
      .evaluate((el) => getComputedStyle(el).display);
    assert.equal(display, 'grid', 'a row is a card');
    await screenshot(page, 'admin-videos-375');
  },
);
