// Issue 8, the admin console: the staff-only guard; a playlist with a thumbnail, filled from the
// video list and reordered; themes and banners reordered by dragging (kept after a reload); a
// category with an icon and tags. Screenshots of each admin screen at 1280 px.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import {
  drag,
  eventually,
  handleNames,
  journey,
  sharedBrowser,
  screenshot,
  signIn,
  STAFF,
  uniqueName,
  VIEWER,
} from './browser.mjs';

const use = sharedBrowser();
// Admin screens hold long lists; a taller window keeps both ends of a drag on screen.
const ADMIN = { width: 1280, height: 900 };

const NIGHT_DRIVE = 'Night Drive (Official Video)';
const VOLTAGE = 'Voltage (Visualizer)';

/** A PNG picture of one colour, as a file chooser would hand it over. */
async function picture(name, background, { width = 640, height = 360 } = {}) {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/**
 * Waits until the image has loaded from `path` (the image service, not the default cover the
 * page falls back to when the service has no picture) and answers its natural size.
 */
function waitForImage(img, path) {
  return eventually(async () => {
    const loaded = await img.evaluate((el) => ({
      done: el.complete && el.naturalWidth > 0,
      path: new URL(el.currentSrc || el.src).pathname,
      size: [el.naturalWidth, el.naturalHeight],
    }));
    assert.equal(loaded.path, path);
    assert.ok(loaded.done, `${path} has loaded`);
    return loaded.size;
  });
}

journey(use, 'a viewer without the staff flag may not open the admin console', {}, async ({ page }) => {
  await signIn(page, VIEWER);
  await page.goto('/adminVideos');
  await page.getByRole('heading', { name: "You don't have permission for this Action" }).waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Admin' }).count(), 0, 'no admin menu');
  assert.equal(await page.getByRole('heading', { name: 'VIDEOS' }).count(), 0, 'no video list');
  await screenshot(page, 'admin-no-permission-1280');
});

journey(
  use,
  'staff create a playlist with a thumbnail, add videos to it and reorder them',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page, dialogs }) => {
    const title = uniqueName('E2E editorial');
    await signIn(page, STAFF);
    await page.getByRole('button', { name: 'Account menu for Sam Staff' }).click();
    await page.getByRole('menuitem', { name: 'Admin Page' }).click();
    await page.waitForURL(/\/main$/);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'PLAYLISTS' }).click();
    await page.getByRole('heading', { name: 'PLAYLISTS' }).waitFor();
    await page.getByRole('link', { name: 'Edit Essential Classics' }).waitFor();
    await screenshot(page, 'admin-playlists-1280');

    // A new playlist with a thumbnail.
    await page.getByRole('link', { name: 'Create New Playlist' }).click();
    await page.getByRole('heading', { name: 'CREATE NEW PLAYLIST' }).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('switch', { name: 'Access' }).click();
    assert.equal(await page.getByRole('switch', { name: 'Access' }).textContent(), 'Access On');
    await page.getByLabel('Thumbnail', { exact: true }).setInputFiles(await picture('cover.png', '#e4572e'));
    await page.getByRole('img', { name: 'Thumbnail preview' }).waitFor();
    await page.getByText('cover.png').waitFor();
    await screenshot(page, 'admin-add-playlist-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Playlist Has Been Added').waitFor();
    await page.waitForURL(/\/editPlaylist\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'EDIT PLAYLIST' }).waitFor();
    await page.getByText('No videos yet: add them from the video list.').waitFor();
    // The uploaded picture is the playlist's thumbnail.
    const thumbnail = page.getByRole('img', { name: 'Thumbnail preview' });
    const [width, height] = await waitForImage(thumbnail, `/cuviewTV/image/playlist/${id}/300/`);
    assert.ok(
      Math.abs(width / height - 16 / 9) < 0.05,
      `the uploaded 16:9 picture, not a default (${width}x${height})`,
    );

    // Two videos from the video list, chosen with the row checkboxes.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'VIDEOS' }).click();
    await page.getByRole('heading', { name: 'VIDEOS' }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${NIGHT_DRIVE}` }).check();
    await page.getByRole('checkbox', { name: `Select ${VOLTAGE}` }).check();
    await screenshot(page, 'admin-videos-1280');
    await page.getByRole('button', { name: 'Add Selected (2)' }).click();
    const picker = page.getByRole('dialog', { name: 'Add 2 videos to a playlist' });
    await picker.getByRole('searchbox', { name: 'Search playlists' }).fill(title);
    await picker.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    await page.getByText('Video has been added', { exact: true }).waitFor();
    await picker.waitFor({ state: 'detached' });

    // Reorder on the edit screen; Save keeps the order.
    await page.goto(`/editPlaylist/${id}`);
    const list = page.getByRole('list', { name: `Videos of ${title}` });
    await list.waitFor();
    const before = await handleNames(list);
    assert.deepEqual([...before].sort(), [NIGHT_DRIVE, VOLTAGE].sort());
    const handles = list.getByRole('button', { name: /^Reorder / });
    await drag(page, handles.first(), handles.last());
    const after = [...before].reverse();
    await eventually(async () => assert.deepEqual(await handleNames(list), after));
    await screenshot(page, 'admin-edit-playlist-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Playlist Has Been Edited').waitFor();
    await page.waitForURL(/\/adminPlaylists$/);
    await page.goto(`/editPlaylist/${id}`);
    await list.waitFor();
    assert.deepEqual(await handleNames(list), after, 'the order is kept');

    // Deleted from the list after the confirmation (it would show on the viewer's pages).
    await page.goto('/adminPlaylists');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    assert.equal(dialogs.at(-1), 'Do you really want to delete the playlist?');
    await page.getByText('Playlist Has Been Deleted').waitFor();
    await page.getByRole('link', { name: `Edit ${title}` }).waitFor({ state: 'detached' });
  },
);

journey(
  use,
  'staff add a theme and a banner and reorder both by dragging',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page, dialogs }) => {
    const theme = uniqueName('E2E theme');
    const banner = uniqueName('E2E banner');
    await signIn(page, STAFF);

    // Themes: a new one comes last; dragged to the top it stays there after a reload.
    await page.goto('/themes');
    const themes = page.getByRole('list', { name: 'Themes' });
    await themes.getByRole('link', { name: 'Featured', exact: true }).waitFor();
    await screenshot(page, 'admin-themes-1280');
    await page.getByRole('button', { name: 'Add Theme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Theme' });
    await dialog.getByLabel('Title').fill(theme);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Group has been added').waitFor();
    await themes.getByRole('link', { name: theme, exact: true }).waitFor();
    const names = await handleNames(themes);
    assert.equal(names.at(-1), theme, 'a new theme comes last');
    const handles = themes.getByRole('button', { name: /^Reorder / });
    const arranged = page.waitForResponse((r) => /\/arrange_groups\//.test(r.url()));
    await drag(page, handles.last(), handles.first());
    assert.ok((await arranged).ok(), 'the new order is saved');
    const expected = [theme, ...names.slice(0, -1)];
    await eventually(async () => assert.deepEqual(await handleNames(themes), expected));
    await page.reload();
    await themes.getByRole('link', { name: theme, exact: true }).waitFor();
    assert.deepEqual(await handleNames(themes), expected, 'the theme order is kept after a reload');
    const firstRow = themes.getByRole('listitem').first();
    assert.equal(await firstRow.getByLabel('Position').textContent(), '1');
    await themes.getByRole('link', { name: 'Featured', exact: true }).click();
    await page.getByRole('heading', { name: 'EDIT THEME' }).waitFor();
    await page.getByText('CUVIEW Favourites').first().waitFor();
    await screenshot(page, 'admin-edit-theme-1280');

    // Banners: the wizard (video, playlist, theme, title), then the new card dragged to the front.
    await page.goto('/main');
    const cards = page.getByRole('list', { name: 'Banner videos' });
    await cards.getByRole('heading').first().waitFor();
    await screenshot(page, 'admin-main-1280');
    await page.getByRole('button', { name: 'Add Banner' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add Banner' });
    await wizard.getByRole('searchbox', { name: 'Search videos' }).fill('Summer');
    await wizard.getByRole('button', { name: /^Summer Sessions: Chrome Hearts/ }).click();
    await wizard
      .getByRole('region', { name: 'Playlists holding the video' })
      .getByRole('button', { name: 'Summer Sessions' })
      .click();
    await wizard
      .getByRole('region', { name: 'Themes holding the playlist' })
      .getByRole('button', { name: 'Promotions' })
      .click();
    await wizard.getByLabel('Banner title').fill(banner);
    assert.equal(await wizard.getByRole('switch', { name: 'Access' }).textContent(), 'Access Off', 'off by default');
    await screenshot(page, 'admin-add-banner-1280');
    await wizard.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Banner has been added').waitFor();
    await cards.getByRole('heading', { name: banner }).waitFor();
    const bannerNames = await handleNames(cards);
    assert.equal(bannerNames.at(-1), banner, 'a new banner comes last');
    const bannerHandles = cards.getByRole('button', { name: /^Reorder / });
    const saved = page.waitForResponse((r) => /\/arrange_banner_videos\//.test(r.url()));
    await drag(page, bannerHandles.last(), bannerHandles.first());
    assert.ok((await saved).ok(), 'the new banner order is saved');
    const expectedBanners = [banner, ...bannerNames.slice(0, -1)];
    await eventually(async () => assert.deepEqual(await handleNames(cards), expectedBanners));
    await page.reload();
    await cards.getByRole('heading', { name: banner }).waitFor();
    assert.deepEqual(await handleNames(cards), expectedBanners, 'the banner order is kept after a reload');
    await screenshot(page, 'admin-main-reordered-1280');

    // Tidy up for the other journeys: both go again, after their confirmations.
    await cards.getByRole('button', { name: `Delete ${banner}` }).click();
    assert.equal(dialogs.at(-1), 'Do you really want to delete the banner video?');
    await page.getByText('Banner has been deleted').waitFor();
    await cards.getByRole('heading', { name: banner }).waitFor({ state: 'detached' });
    await page.goto('/themes');
    await themes.getByRole('button', { name: `Delete ${theme}` }).click();
    await page.getByText('Group has been deleted').waitFor();
    await themes.getByRole('link', { name: theme, exact: true }).waitFor({ state: 'detached' });
  },
);

journey(
  use,
  'staff add a category with an icon and give it tags',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page, dialogs }) => {
    const title = uniqueName('E2E category');
    await signIn(page, STAFF);
    await page.goto('/categories');
    await page.getByRole('cell', { name: 'Chill Out', exact: true }).waitFor();
    await screenshot(page, 'admin-categories-1280');

    await page.getByRole('button', { name: 'Add Category' }).click();
    const overlay = page.getByRole('dialog', { name: 'Add Category' });
    await overlay.getByLabel('ADD TITLE').fill(title);
    const status = overlay.getByRole('switch', { name: 'Status' });
    assert.equal(await status.textContent(), 'OFF', 'off by default');
    await status.click();
    assert.equal(await status.textContent(), 'ON');
    await overlay
      .getByLabel('Icon', { exact: true })
      .setInputFiles(await picture('icon.png', '#2e86ab', { width: 600, height: 600 }));
    await overlay.getByRole('img', { name: 'Icon preview' }).waitFor();
    await screenshot(page, 'admin-add-category-1280');
    await overlay.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category has been added successfully').waitFor();
    await overlay.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
    await row.getByText('ON', { exact: true }).waitFor();

    // The editor: its icon, then two tags from the searchable dropdown.
    await row.getByRole('cell', { name: title, exact: true }).click();
    await page.waitForURL(/\/editCategory\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'EDIT CATEGORY' }).waitFor();
    const [width, height] = await waitForImage(
      page.getByRole('img', { name: 'Icon preview' }),
      `/cuviewTV/image/category/${id}/300/`,
    );
    assert.equal(width, height, `the uploaded square icon (${width}x${height})`);
    await page.getByText('No Tags Found').waitFor();
    const tags = page.getByRole('list', { name: 'Category tags' });
    for (const tag of ['night', 'neon']) {
      await page.getByRole('button', { name: 'Add Tags' }).click();
      await page.getByRole('searchbox', { name: 'Search add tags' }).fill(tag);
      await page.getByRole('list', { name: 'Add Tags' }).getByRole('button', { name: tag, exact: true }).click();
      await page.getByText('Tag has been added successfully').first().waitFor();
      await tags.getByText(tag, { exact: true }).waitFor();
    }
    await screenshot(page, 'admin-edit-category-1280');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/categories$/);

    // Kept: the tags after a reload, and the public category page shows the tagged videos.
    await page.goto(`/editCategory/${id}`);
    await tags.waitFor();
    assert.deepEqual((await tags.getByRole('listitem').allTextContents()).sort(), ['neon', 'night']);
    await page.getByRole('button', { name: 'Show Videos' }).click();
    await page.waitForURL(new RegExp(`/category/.+/${id}$`));
    await page.getByRole('heading', { name: NIGHT_DRIVE }).waitFor();
    await screenshot(page, 'category-videos-1280');

    // Deleted after the confirmation, it leaves the list (and the other journeys' pages).
    await page.goto('/categories');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    assert.equal(dialogs.at(-1), 'Are you sure you want to delete this category?');
    await page.getByText('Category has been removed').waitFor();
    await page.getByRole('cell', { name: title, exact: true }).waitFor({ state: 'detached' });
  },
);

journey(use, 'the video screens of the admin console', { viewport: ADMIN }, async ({ page }) => {
  await signIn(page, STAFF);
  await page.goto('/editVideo/403');
  await page.getByLabel('Title').first().waitFor();
  assert.equal(await page.getByLabel('Title').first().inputValue(), NIGHT_DRIVE);
  await screenshot(page, 'admin-edit-video-1280');
  await page.goto('/addVideo');
  await page.getByRole('heading', { name: /ADD VIDEO/i }).waitFor();
  await screenshot(page, 'admin-add-video-1280');
});
