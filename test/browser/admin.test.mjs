// Issue 8, the admin console: the staff-only guard; a playlist with a thumbnail, filled from the
// video list and reordered; themes and banners reordered by dragging (kept after a reload); a
// category with an icon and tags; a real video file uploaded, given two tracks with the wizard,
// processed and played. Screenshots of each admin screen at 1280 px.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
// The house ffmpeg command for synthetic clips (testsrc2 and a chord); `npm test` builds dist first.
import { generateTestVideo } from '../../dist/libs/media/src/testing/generate.js';
import {
  consoleErrorsOf,
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
 * Waits until the image has loaded from the staff address of `item` (e.g. `category/7/300/`:
 * the signed image service address, not the default cover the page falls back to when the
 * service has no picture) and answers its natural size.
 */
function waitForImage(img, item) {
  return eventually(async () => {
    const loaded = await img.evaluate((el) => ({
      done: el.complete && el.naturalWidth > 0,
      path: new URL(el.currentSrc || el.src).pathname,
      size: [el.naturalWidth, el.naturalHeight],
    }));
    assert.match(loaded.path, new RegExp(`^/cuviewTV/image/s/\\d+/[\\w-]{43}/${item}$`));
    assert.ok(loaded.done, `${loaded.path} has loaded`);
    return loaded.size;
  });
}

/** Every failed request and console error of the page, to assert that a screen has none. */
function watchFailures(page) {
  const failures = [];
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return failures;
}

/** Waits until every picture on the page has loaded (or failed) and answers their addresses. */
function settledImages(page) {
  return eventually(async () => {
    const images = await page
      .locator('img')
      .evaluateAll((els) =>
        els.map((el) => ({ src: new URL(el.currentSrc || el.src, location.href).pathname, done: el.complete })),
      );
    assert.ok(
      images.every((i) => i.done),
      'every picture has settled',
    );
    return images.map((i) => i.src);
  });
}

journey(use, 'a viewer without the staff flag may not open the admin console', {}, async ({ page }) => {
  await signIn(page, VIEWER);
  await page.goto('/adminVideos');
  await page.getByRole('heading', { name: "You don't have permission for this Action" }).waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Admin' }).count(), 0, 'no admin menu');
  assert.equal(await page.getByRole('heading', { name: 'VIDEOS' }).count(), 0, 'no video list');
  await screenshot(page, 'admin-no-permission-1280');
  // /admin, the address people guess, leads to the same guard.
  await page.goto('/admin');
  await page.waitForURL(/\/main$/);
  await page.getByRole('heading', { name: "You don't have permission for this Action" }).waitFor();
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
    // Typed by hand, /admin opens the console too.
    await page.goto('/admin');
    await page.waitForURL(/\/main$/);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'PLAYLISTS' }).click();
    await page.getByRole('heading', { name: 'PLAYLISTS' }).waitFor();
    // The list starts with the latest changed; the demo's Essential Classics is found by name,
    // and the view is kept in the address.
    await page.goto('/adminPlaylists?q=Essential%20Classics');
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
    const [width, height] = await waitForImage(thumbnail, `playlist/${id}/300/`);
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
    // Dismissed, as a user would before dragging: the toast lies over the last row's handle.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
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
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
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
    const [width, height] = await waitForImage(page.getByRole('img', { name: 'Icon preview' }), `category/${id}/300/`);
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

journey(
  use,
  'the edit screen shows a video with its read-only tracks and its stream',
  { viewport: ADMIN },
  async ({ page }) => {
    await signIn(page, STAFF);
    await page.goto('/editVideo/403');
    await page.getByLabel('Title').first().waitFor();
    assert.equal(await page.getByLabel('Title').first().inputValue(), NIGHT_DRIVE);
    // Tracks are read-only once the video exists (spec admin §2): listed, without Add or Remove.
    const tracks = page.getByRole('region', { name: 'Tracks' });
    assert.deepEqual(await tracks.locator('tbody tr td:nth-child(2)').allTextContents(), [
      'Night Drive',
      'Rain on Tin',
    ]);
    assert.equal(await tracks.getByRole('button').count(), 0, 'no Add Track, no Remove');
    const panel = page.getByRole('region', { name: 'Video', exact: true });
    await panel.getByText('Ready', { exact: true }).waitFor();
    await panel.getByLabel(`${NIGHT_DRIVE} player`).waitFor();
    await screenshot(page, 'admin-edit-video-1280');
  },
);

/** A few seconds of real video (testsrc2 pattern, a chord as its sound), as a file chooser hands it over. */
async function videoFile(seconds) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cuview-e2e-upload-'));
  const file = await generateTestVideo(path.join(dir, 'e2e-upload.mp4'), { width: 320, height: 180, seconds, fps: 25 });
  return { file, size: statSync(file).size, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Picks `item` from the MultiPicker dropdown `label` ('Add genres', ...). */
async function pick(page, label, item) {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('list', { name: label, exact: true }).getByRole('button', { name: item, exact: true }).click();
  // The list stays open for another pick; Escape closes it, as a person would.
  await page.keyboard.press('Escape');
  // A chip, with its remove button.
  await page
    .getByRole('list', { name: `Chosen ${label.replace(/^Add /, '')}` })
    .getByRole('button', { name: `Remove ${item}` })
    .waitFor();
}

/** The track wizard's first three steps: find the album, choose it, choose the track. Answers the dialog. */
async function wizardTo(page, album, track) {
  await page.getByRole('button', { name: 'Add Track' }).click();
  const wizard = page.getByRole('dialog', { name: 'Add Track' });
  await wizard.getByLabel('Album title or catalogue number').fill(album);
  await wizard.getByRole('button', { name: 'Find album', exact: true }).click();
  await wizard.getByRole('button', { name: `Choose album ${album}` }).click();
  await wizard.getByRole('button', { name: `Choose track ${track}` }).click();
  await wizard.getByRole('region', { name: 'Excerpt' }).getByText(track, { exact: true }).waitFor();
  return wizard;
}

const excerptFields = (wizard) =>
  Promise.all(['Position', 'Start (m:ss)', 'End (m:ss)'].map((l) => wizard.getByLabel(l).inputValue()));

journey(
  use,
  'staff upload a video, give it two tracks with the wizard, and play it once processed',
  { viewport: ADMIN, timeout: 150_000 },
  async ({ page, context, dialogs }) => {
    const title = uniqueName('E2E upload');
    const clip = await videoFile(12);
    try {
      await signIn(page, STAFF);
      await page.goto('/adminVideos');
      await page.getByRole('heading', { name: 'VIDEOS' }).waitFor();
      await page.getByRole('link', { name: /Add Video/i }).click();
      await page.getByRole('heading', { name: 'ADD VIDEO' }).waitFor();
      await screenshot(page, 'admin-add-video-1280');

      // Tracks are cut on the video's timeline: not before there is one.
      await page.getByRole('button', { name: 'Add Track' }).click();
      await page
        .getByRole('region', { name: 'Tracks' })
        .getByRole('alert')
        .getByText('Please, Upload The Video First')
        .waitFor();

      // The upload, slowed to a real network's pace so its progress can be watched.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const throughput = Math.ceil(clip.size / 2.5);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: throughput,
      });
      await page.evaluate(() => {
        window.uploadProgress = [];
        new MutationObserver(() => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Upload"]');
          if (bar) window.uploadProgress.push(Number(bar.getAttribute('aria-valuenow')));
        }).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-valuenow'],
        });
      });
      const upload = page.getByRole('region', { name: 'Video upload' });
      await upload.getByLabel('Video file').setInputFiles(clip.file);
      await upload.getByRole('progressbar', { name: 'Upload' }).waitFor();
      await upload.getByText('Uploading…').waitFor();
      await upload.getByText('e2e-upload.mp4').waitFor();
      await screenshot(page, 'admin-add-video-uploading-1280');
      await upload.getByText(/^Uploaded · (0:)?00:12\./).waitFor({ timeout: 30_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      assert.equal(await upload.getByRole('progressbar', { name: 'Upload' }).getAttribute('aria-valuenow'), '100');
      const progress = await page.evaluate(() => window.uploadProgress);
      assert.ok(
        progress.some((v) => v > 0 && v < 100),
        `the bar advanced through the upload, not straight to done: ${progress}`,
      );
      assert.deepEqual(
        progress,
        [...progress].sort((a, b) => a - b),
        'the bar only moves forward',
      );

      // The required fields.
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Description').fill('Uploaded by the browser journey.');
      await pick(page, 'Add genres', 'Synthpop');
      await pick(page, 'Add moods', 'Calm');
      await pick(page, 'Add video genres', 'Music Video');
      await pick(page, 'Add tags', 'night');

      // Track 1: the first seconds of the video.
      let wizard = await wizardTo(page, 'Neon Avenue', 'Night Drive');
      assert.deepEqual(await excerptFields(wizard), ['1', '0:00', '0:12'], 'from the start, at most the video long');
      await wizard.getByLabel('End (m:ss)').fill('5');
      await screenshot(page, 'admin-track-wizard-1280');
      await wizard.getByRole('button', { name: 'Save', exact: true }).click();
      await wizard.waitFor({ state: 'detached' });

      // Track 2: starts a second after the first, at the next position.
      wizard = await wizardTo(page, 'Neon Avenue', 'City of Glass');
      assert.deepEqual(await excerptFields(wizard), ['2', '0:06', '0:12']);
      await wizard.getByLabel('End (m:ss)').fill('0:10');
      await wizard.getByRole('button', { name: 'Save', exact: true }).click();
      await wizard.waitFor({ state: 'detached' });

      // A third excerpt that overlaps the second is refused with the spec's message.
      wizard = await wizardTo(page, 'Quiet Rooms', 'Blue Hour');
      assert.deepEqual(await excerptFields(wizard), ['3', '0:11', '0:12']);
      await wizard.getByLabel('Start (m:ss)').fill('8');
      await wizard.getByRole('button', { name: 'Save', exact: true }).click();
      await wizard.getByRole('alert').getByText("Value Shouldn't override previous Track").waitFor();
      await screenshot(page, 'admin-track-wizard-overlap-1280');
      await wizard.getByRole('button', { name: 'Close' }).click();
      await wizard.waitFor({ state: 'detached' });

      const table = page.getByRole('table', { name: 'Tracks' });
      const rows = async () =>
        (await table.getByRole('row').all()).length > 1
          ? await table
              .locator('tbody tr')
              .evaluateAll((trs) =>
                trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
              )
          : [];
      assert.deepEqual(await rows(), [
        ['1', 'Night Drive', 'Neon Avenue'],
        ['2', 'City of Glass', 'Neon Avenue'],
      ]);
      await screenshot(page, 'admin-add-video-filled-1280');

      // Saved, it opens on its edit screen, where the processing state turns Ready.
      await page.locator('.admin-page__footer').getByRole('button', { name: 'Save' }).click();
      await page.getByText('Video has been added', { exact: true }).waitFor();
      await page.waitForURL(/\/editVideo\/\d+$/);
      await page.getByRole('heading', { name: 'EDIT VIDEO' }).waitFor();
      // Save was at the bottom: back up to the video panel, as a person would look.
      await page.evaluate(() => window.scrollTo(0, 0));
      const panel = page.getByRole('region', { name: 'Video', exact: true });
      const state = panel.locator('.processing__state');
      const seen = [];
      let shot = false;
      await eventually(
        async () => {
          const now = await state.textContent();
          if (seen.at(-1) !== now) seen.push(now);
          if (now === 'Processing' && !shot) {
            shot = true;
            await screenshot(page, 'admin-edit-video-processing-1280');
          }
          assert.equal(now, 'Ready');
        },
        90_000,
        200,
      );
      const order = ['Uploaded', 'Queued', 'Processing', 'Ready'];
      assert.deepEqual(
        seen,
        [...seen].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
        `states in pipeline order: ${seen}`,
      );
      assert.ok(order.includes(seen[0]) && seen.length >= 1, `seen ${seen}`);
      assert.deepEqual(await rows(), [
        ['1', 'Night Drive', 'Neon Avenue'],
        ['2', 'City of Glass', 'Neon Avenue'],
      ]);

      // It plays: the clock of its stream moves on.
      const player = panel.getByLabel(`${title} player`);
      await player.waitFor();
      // Its stream attached (hls.js) and the first frame in: then a click on the picture plays it.
      await page.waitForFunction(
        (name) => document.querySelector(`video[aria-label="${name}"]`)?.readyState >= 2,
        `${title} player`,
      );
      await player.click();
      await page.waitForFunction(
        (name) => document.querySelector(`video[aria-label="${name}"]`)?.currentTime > 1,
        `${title} player`,
        { timeout: 20_000 },
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'admin-edit-video-ready-1280');

      // The video list shows it Ready; deleted after the confirmation, it leaves the list.
      await page.goto('/adminVideos');
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
      await row.getByText('Ready', { exact: true }).waitFor();
      await row.getByText('(access off)').waitFor();
      await screenshot(page, 'admin-videos-uploaded-1280');
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      assert.equal(dialogs.at(-1), 'Do you really want to delete the video?');
      await page.getByText('Video has been deleted', { exact: true }).waitFor();
      await row.waitFor({ state: 'detached' });
    } finally {
      clip.remove();
    }
  },
);

journey(
  use,
  'staff see the pictures of hidden items and preview a hidden video, with no failed request on any admin screen',
  { viewport: ADMIN, timeout: 120_000 },
  async ({ page }) => {
    await signIn(page, STAFF);
    const failures = watchFailures(page);
    const screens = [
      ['/adminVideos', 'VIDEOS'],
      ['/adminPlaylists', 'PLAYLISTS'],
      ['/editPlaylist/9', 'EDIT PLAYLIST'], // Work in Progress: access off
      ['/editTheme/2', 'EDIT THEME'], // Coming Soon: holds the hidden playlist
      ['/categories', 'CATEGORIES'],
      ['/main', 'MY PAGE'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.locator('img').first().waitFor();
      const images = await settledImages(page);
      assert.ok(
        images.some((src) => src.startsWith('/cuviewTV/image/s/')),
        `${path} shows real pictures: ${images.join(', ')}`,
      );
    }
    // The hidden category's icon is on screen, not the default cover.
    await page.goto('/categories');
    const hidden = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'Studio Sessions', exact: true }) });
    const icon = hidden.locator('img');
    await eventually(async () => {
      const state = await icon.evaluate((el) => ({ src: new URL(el.currentSrc).pathname, width: el.naturalWidth }));
      assert.match(state.src, /^\/cuviewTV\/image\/s\/\d+\/[\w-]{43}\/category\/\d+\/300\/$/);
      assert.ok(state.width > 0, 'the icon has loaded');
    });

    // A hidden video: its cover in the editor, and its stream plays in the preview. The small
    // demo's videos are all on, so one is switched off here and on again at the end.
    const video = await eventually(async () => {
      const found = await page.evaluate(async () => {
        const response = await fetch('/cuviewTV/get_videos_for_admin/1/', {
          headers: { authorization: `JWT ${localStorage.getItem('access')}` },
        });
        return (await response.json()).videos.find((v) => v.image && v.status === 1 && v.processing_state === 'ready');
      });
      assert.ok(found, 'a processed demo video with a picture');
      return found;
    }, 60_000);
    const setAccess = async (on) => {
      await page.goto(`/editVideo/${video.id}`);
      const access = page.getByRole('switch', { name: 'Access' });
      await eventually(async () => assert.match(await access.textContent(), on ? /off$/i : /on$/i));
      await access.click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/adminVideos$/);
    };
    await setAccess(false);
    try {
      await page.goto(`/editVideo/${video.id}`);
      assert.match(await page.getByRole('switch', { name: 'Access' }).textContent(), /off$/i);
      await waitForImage(page.getByRole('img', { name: 'Thumbnail preview' }), `video/${video.id}/300/`);
      const label = `${video.title} player`;
      await page.locator(`video[aria-label="${label}"]`).waitFor();
      await eventually(async () => {
        const state = await page.evaluate(async (name) => {
          const element = document.querySelector(`video[aria-label="${name}"]`);
          element.muted = true;
          await element.play().catch(() => undefined);
          return { time: element.currentTime, ready: element.readyState };
        }, label);
        assert.ok(state.time > 0.3, `the hidden video plays (at ${state.time} s, readyState ${state.ready})`);
      }, 30_000);
      await screenshot(page, 'admin-edit-hidden-video-1280');
      // The public gets nothing at the stream's or the picture's public address.
      const master = await page.evaluate(async (id) => {
        const response = await fetch(`/cuviewTV/get_video_info/${id}/`, {
          headers: { authorization: `JWT ${localStorage.getItem('access')}` },
        });
        return (await response.json()).scripted_bunny_path;
      }, video.id);
      const unsigned = master.replace(/\/s\/\d+\/[\w-]+\//, '/');
      assert.notEqual(unsigned, master);
      const publicly = [
        (await page.request.get(unsigned)).status(),
        (await page.request.get(`/cuviewTV/image/video/${video.id}/300/`)).status(),
      ];
      assert.deepEqual(publicly, [404, 404], 'stream and picture are not public while access is off');
    } finally {
      await setAccess(true);
    }
    assert.deepEqual(failures, [], 'no failed request and no console error on the admin screens');
  },
);

journey(
  use,
  'two staff members edit the same playlist: the later save is refused in words and keeps what was typed',
  { viewport: ADMIN, timeout: 90_000 },
  async ({ page, context }) => {
    await signIn(page, STAFF);
    const title = uniqueName('E2E shared');
    const id = await page.evaluate(async (name) => {
      const form = new FormData();
      form.set('title', name);
      form.set('status', '0');
      const response = await fetch('/cuviewTV/add_playlist_for_admin/', {
        method: 'POST',
        headers: { authorization: `JWT ${localStorage.getItem('access')}` },
        body: form,
      });
      return (await response.json()).id;
    }, title);
    const other = await context.newPage();
    const otherErrors = consoleErrorsOf(other);
    for (const tab of [page, other]) {
      await tab.goto(`/editPlaylist/${id}`);
      await tab.getByRole('heading', { name: 'EDIT PLAYLIST' }).waitFor();
      await tab.getByLabel('Title').fill(`${title} ${tab === page ? 'first' : 'second'}`);
    }

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Playlist Has Been Edited').waitFor();
    await other.getByRole('button', { name: 'Save' }).click();
    await other
      .getByRole('alert')
      .filter({ hasText: 'Someone else saved this playlist after you opened it' })
      .waitFor();
    assert.equal(await other.getByLabel('Title').inputValue(), `${title} second`, 'what was typed stays');
    assert.equal(await other.getByText('Playlist Has Been Edited').count(), 0, 'no success claimed');
    await screenshot(other, 'admin-edit-conflict-1280');
    assert.deepEqual(
      otherErrors.filter((e) => !e.includes('409')),
      [],
      'no console error but the refused save',
    );

    // Reloaded, the second tab shows the first save, and saves over it knowingly.
    other.once('dialog', (dialog) => void dialog.accept());
    await other.reload();
    await other.getByRole('heading', { name: 'EDIT PLAYLIST' }).waitFor();
    assert.equal(await other.getByLabel('Title').inputValue(), `${title} first`);
    await other.getByLabel('Title').fill(`${title} second`);
    await other.getByRole('button', { name: 'Save' }).click();
    await other.getByText('Playlist Has Been Edited').waitFor();
    await page.evaluate(
      (playlist) =>
        fetch(`/cuviewTV/delete_playlist_for_admin/${playlist}/`, {
          method: 'DELETE',
          headers: { authorization: `JWT ${localStorage.getItem('access')}` },
        }),
      id,
    );
  },
);
