#!/usr/bin/env node
// Lighthouse on the landing page of the real product: starts the built api, worker and tracker
// over a fresh database with the demo catalogue (test/browser/stack.mjs), runs Lighthouse
// (web/scripts/lighthouse.mjs) several times on mobile and once on desktop, and prints each
// run and the mobile median. Needs `npm run build:server` and `npm run build -w web` first.
//
//   npm run bench:web                 5 mobile runs + 1 desktop
//   BENCH_WEB_RUNS=3 npm run bench:web
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startStack } from '../../test/browser/stack.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`BENCH_WEB_RUNS must be a whole number from 1, got ${RUNS}`);
for (const [file, build] of [
  ['web/dist/index.html', 'npm run build -w web'],
  ['dist/apps/api/src/main.js', 'npm run build:server'],
]) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`${build}\` first.`);
    process.exit(2);
  }
}

const METRICS = ['Performance', 'First Contentful Paint', 'Largest Contentful Paint', 'Total Blocking Time'];
const METRICS_MORE = ['Cumulative Layout Shift', 'Speed Index'];

/** One Lighthouse run: its printed values by name (e.g. Performance -> "97", "Speed Index" -> "1.9 s"). */
function lighthouse(baseUrl, desktop) {
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'web/scripts/lighthouse.mjs'), ...(desktop ? ['--desktop'] : [])],
    { env: { ...process.env, BASE_URL: baseUrl }, encoding: 'utf8', cwd: path.join(root, 'web') },
  );
  const values = {};
  for (const line of run.stdout.split('\n')) {
    const match = /^\s{2}(\S.*?)\s{2,}(\S.*)$/.exec(line);
    if (match) values[match[1]] = match[2];
  }
  if (!values.Performance) throw new Error(`Lighthouse printed no score:\n${run.stdout}\n${run.stderr}`);
  return values;
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`# Lighthouse on the landing page — load average at start ${load}`);
console.log('starting the product (api, worker, tracker, demo catalogue)…');
const stack = await startStack({ log: () => undefined });
try {
  const columns = [...METRICS, ...METRICS_MORE];
  const widths = [10, ...columns.map((c) => Math.max(11, c.length))];
  const row = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join(' ');
  console.log(row(['run', ...columns]));
  const mobile = [];
  for (let i = 0; i < RUNS; i++) {
    const values = lighthouse(stack.baseUrl, false);
    mobile.push(Number(values.Performance));
    console.log(row([`mobile ${i + 1}`, ...columns.map((c) => values[c] ?? '-')]));
  }
  const desktop = lighthouse(stack.baseUrl, true);
  console.log(row(['desktop', ...columns.map((c) => desktop[c] ?? '-')]));
  const sorted = mobile.slice().sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `\nmobile performance: median ${median}, min ${sorted[0]}, max ${sorted.at(-1)} ` +
      `(goal ≥ 90: ${median >= 90 ? 'met' : 'NOT met'}); desktop ${desktop.Performance}`,
  );
} finally {
  await stack.stop();
}
