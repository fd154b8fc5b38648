#!/usr/bin/env node
// Lighthouse accessibility of the player page (issue 17: at least 95). The page is for
// signed-in people, so the demo viewer signs in first (its tokens put in the browser's local
// storage, which Lighthouse is told to keep), then Lighthouse audits /home?g=4&p=54&v=403.
//
//   npm run bench:web:player                     starts the product (built) over a fresh database
//   BASE_URL=http://127.0.0.1:8080 npm run bench:web:player    against a running product
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startStack } from '../../test/browser/stack.mjs';

const MIN_ACCESSIBILITY = 95;
const PLAYER = '/home?g=4&p=54&v=403';
const VIEWER = { email: 'viewer@cuview.local', password: 'viewer-password' };

const stack = process.env.BASE_URL ? null : await startStack({ log: () => undefined });
const base = (process.env.BASE_URL ?? stack.baseUrl).replace(/\/$/, '');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
let failed = false;
try {
  const answer = await fetch(`${base}/cuviewTV/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(VIEWER),
  });
  if (!answer.ok) throw new Error(`sign-in: ${answer.status}`);
  const tokens = await answer.json();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/404-sign-in`);
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', refresh);
  }, tokens);
  await page.close();
  await browser.close();

  for (const desktop of [false, true]) {
    const result = await lighthouse(
      `${base}${PLAYER}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility'],
        disableStorageReset: true,
      },
      desktop ? desktopConfig : undefined,
    );
    const { lhr } = result;
    if (new URL(lhr.finalDisplayedUrl).pathname !== '/home')
      throw new Error(`ended on ${lhr.finalDisplayedUrl}, not the player`);
    const score = Math.round(lhr.categories.accessibility.score * 100);
    console.log(
      `Lighthouse ${lhr.lighthouseVersion} accessibility on ${PLAYER} (${desktop ? 'desktop' : 'mobile'}): ${score}`,
    );
    for (const audit of Object.values(lhr.audits)) {
      if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        console.log(`  failed: ${audit.id} — ${audit.title}`);
    }
    if (score < MIN_ACCESSIBILITY) failed = true;
  }
} finally {
  await chrome.kill();
  await stack?.stop();
}
if (failed) {
  console.error(`FAIL: accessibility under ${MIN_ACCESSIBILITY}`);
  process.exitCode = 1;
}
