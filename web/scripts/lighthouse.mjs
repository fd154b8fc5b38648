#!/usr/bin/env node
// Lighthouse on the landing page of the built app (served by the API or `vite preview`),
// with Debian's Chromium. Prints the category scores and the main metrics; fails when the
// performance score is under 90 (issue 7 quality bar).
//
//   BASE_URL=http://localhost:4173 npm run lighthouse -w web [-- --desktop]
//   LIGHTHOUSE_REPORT=/tmp/lh.json …   also writes the full report (JSON) there
import { writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const url = `${(process.env.BASE_URL ?? 'http://localhost:4173').replace(/\/$/, '')}/`;
const desktop = process.argv.includes('--desktop');
const MIN_PERFORMANCE = 90;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    },
    desktop ? desktopConfig : undefined,
  );
  const { categories, audits } = result.lhr;
  if (process.env.LIGHTHOUSE_REPORT) writeFileSync(process.env.LIGHTHOUSE_REPORT, result.report);
  console.log(
    `Lighthouse ${result.lhr.lighthouseVersion} on ${url} (${desktop ? 'desktop' : 'mobile, simulated throttling'})`,
  );
  for (const c of Object.values(categories)) console.log(`  ${c.title.padEnd(16)} ${Math.round(c.score * 100)}`);
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]) {
    console.log(`  ${audits[id].title.padEnd(26)} ${audits[id].displayValue}`);
  }
  const performance = Math.round(categories.performance.score * 100);
  if (performance < MIN_PERFORMANCE) {
    console.error(`FAIL: performance ${performance} < ${MIN_PERFORMANCE}`);
    process.exitCode = 1;
  }
} finally {
  await chrome.kill();
}
