// Headless Debian Chromium through playwright-core, with the flags this machine needs, and the
// few helpers the journeys share: a fresh signed-out page per test, sign-in, dragging with the
// mouse as a person does, the mail outbox and an accessibility audit.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { launchChromium } from '../support/chromium.mjs';

export const BASE_URL = process.env.BASE_URL;
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** The demo accounts of the seeded catalogue (libs/catalogue-seed/src/demo/catalogue.ts). */
export const VIEWER = { email: 'viewer@cuview.local', password: 'viewer-password' };
export const STAFF = { email: 'staff@cuview.local', password: 'staff-password' };

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
/** Phones held sideways: a large one and a small one. */
export const PHONE_LANDSCAPE = { width: 812, height: 375 };
export const SMALL_PHONE_LANDSCAPE = { width: 667, height: 375 };

export const launchBrowser = launchChromium;

/** One browser for the tests of a file: launched before them, closed after; answers a getter. */
export function sharedBrowser() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());
  return () => browser;
}

/** Saves a screenshot of the viewport as test-results/screenshots/{name}.png. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/** A name that no earlier run left behind (letters and digits only: playlist names allow no more). */
export function uniqueName(prefix) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/**
 * One journey in its own signed-out browser context: it fails on an uncaught error in the
 * page, and a failure leaves a FAILED-*.png of what was on screen. Dialogs (confirm, alert)
 * are accepted and their messages kept in `dialogs`. The types let the linter see a Playwright
 * call that misses its `await`.
 *
 * @param {() => import('playwright-core').Browser} getBrowser
 * @param {string} name
 * @param {{ viewport?: { width: number, height: number }, timeout?: number, touch?: boolean }} options
 * @param {(session: { page: import('playwright-core').Page, context: import('playwright-core').BrowserContext, dialogs: string[] }) => Promise<void>} fn
 */
/**
 * Every console error of `page` from now on (the array fills as they come). React logs what an
 * error boundary catches ("Something went wrong") to the console without a page error.
 */
export function consoleErrorsOf(page) {
  const errors = [];
  page.on('console', (message) => {
    // "Failed to load resource" names no address in its text: add the one it came from.
    const { url } = message.location();
    if (message.type() === 'error') errors.push(url ? `${message.text()} (${url})` : message.text());
  });
  return errors;
}

/**
 * Forgets where every account stopped watching: each journey starts as someone who has not
 * watched the demo yet, whatever the journeys before it played (the demo accounts are shared).
 */
async function forgetWatchPositions() {
  if (!process.env.E2E_DATABASE_URL) return;
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query('DELETE FROM watch_positions');
  } finally {
    await db.end();
  }
}

export function journey(getBrowser, name, { viewport = DESKTOP, timeout = 90_000, touch = false } = {}, fn) {
  void test(name, { timeout }, async () => {
    await forgetWatchPositions();
    const context = await getBrowser().newContext({
      viewport,
      // A phone: a touch screen (taps with pointerType "touch") and the mobile viewport.
      ...(touch ? { isMobile: true, hasTouch: true } : {}),
      acceptDownloads: true,
      baseURL: BASE_URL,
      // The product's Content-Security-Policy forbids inline scripts: let the axe audit in.
      bypassCSP: true,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors = [];
    const dialogs = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept().catch(() => undefined);
    });
    const failed = path.join(SCREENSHOT_DIR, `FAILED-${name.replace(/\W+/g, '-').slice(0, 80)}.png`);
    try {
      await fn({ page, context, dialogs });
      assert.deepEqual(errors, [], 'uncaught errors in the page');
      // A picture of an earlier failure of this journey would only mislead now.
      rmSync(failed, { force: true });
    } catch (error) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await page.screenshot({ path: failed }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }
  });
}

/** Signs out through the account menu, as a person does. */
export async function signOut(page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** Signs in through the sign-in page and waits until the app has left it. */
export async function signIn(page, { email, password }) {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Drags `source` (a drag handle) onto `target` with the mouse: press, a first move past the
 * 10 px activation distance, then a slow move to the target's centre and release.
 */
export async function drag(page, source, target) {
  await source.scrollIntoViewIfNeeded();
  // The page scrolled so that the middle of the two ends is the middle of the screen: a long list
  // under the admin's list controls puts its first and last rows farther apart than one end in view.
  const [x, y] = [await source.boundingBox(), await target.boundingBox()];
  const { height } = page.viewportSize();
  await page.evaluate((dy) => window.scrollBy(0, dy), (x.y + y.y) / 2 - height / 2);
  const a = await source.boundingBox();
  const b = await target.boundingBox();
  const inView = (box) => box && box.y >= 0 && box.y + box.height <= height;
  assert.ok(inView(a) && inView(b), 'both ends of the drag are on screen');
  const from = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const to = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const uncovered = await source.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), from);
  assert.ok(uncovered, 'the drag handle is not covered (a toast or a dialog over it)');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 14, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 16 });
  await page.mouse.move(to.x, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

/**
 * A finger moved from `from` to `to` over ~200 ms and lifted (a journey with `touch: true`):
 * real touch events, so the browser scrolls what a finger scrolls and the page gets pointer events.
 */
export async function swipe(page, from, to, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let i = 1; i <= steps; i++) {
      const at = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at] });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** The accessible names of the drag handles in a sortable list, in screen order. */
export function handleNames(list) {
  return list
    .getByRole('button', { name: /^Reorder / })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label').replace(/^Reorder /, '')));
}

/** Retries `check` (which throws while not yet true) until it passes or `ms` run out. */
export async function eventually(check, ms = 15_000, every = 250) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  }
}

function decodeQuotedPrintable(text) {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest link to `/{page}/...` in the e-mails written to the stack's outbox
 * (MAIL_OUTBOX_DIR, passed as E2E_OUTBOX) for `to`, waiting for the message to arrive.
 */
export async function mailedLink(to, page) {
  const dir = process.env.E2E_OUTBOX;
  assert.ok(dir, 'E2E_OUTBOX names the outbox folder');
  return eventually(() => {
    let names = [];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
    } catch {
      // No message yet: the folder is made with the first one.
    }
    for (const name of names.sort().reverse()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, name), 'utf8'));
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(text)) continue;
      const link = new RegExp(`https?://[^\\s"'<>]+/${page}/[^\\s"'<>]+`).exec(text);
      if (link) return new URL(link[0]);
    }
    throw new Error(`no /${page}/ e-mail to ${to} in ${dir}`);
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core over the page as it is now: no serious or critical WCAG 2 A/AA violation. */
export async function assertAccessible(page, label) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }));
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    serious.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    [],
  );
}

/**
 * Fails when something is cut off at the sides: sticking out of the viewport, or out of a box
 * that clips what overflows it (a person would see it cut off). Carousels and strips that
 * scroll sideways on purpose are left alone.
 */
export async function assertNoSidewaysOverflow(page, label) {
  // Hovered cards zoom their pictures inside their frames: nothing is hovered while measuring.
  await page.mouse.move(0, 0);
  const cut = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clips = (el) => ['hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    const found = [];
    for (const el of document.querySelectorAll('body *')) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (el.closest('.carousel__viewport, .track-strip__list, .tabs, .visually-hidden')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let left = 0;
      let right = width;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (clips(up)) {
          const frame = up.getBoundingClientRect();
          left = Math.max(left, frame.left);
          right = Math.min(right, frame.right);
        }
      }
      if (box.right > right + 1 || box.left < left - 1) {
        const name = `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;
        found.push(
          `${name} [${Math.round(box.left)}, ${Math.round(box.right)}] outside [${Math.round(left)}, ${Math.round(right)}]`,
        );
      }
    }
    return found.slice(0, 5);
  });
  assert.deepEqual(cut, [], `${label}: nothing is cut off at the sides`);
}
