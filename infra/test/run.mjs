// `npm test`: lint, typecheck, unit, integration, web, browser and hostile tests, in that order. Stops at
// the first failing step and names it. The demo step runs beside the steps after it, at the lowest
// CPU priority, and is waited for at the end. Postgres and Redis come from DATABASE_URL / REDIS_URL,
// else from the local default ports when something answers there, else Testcontainers.
// `npm test -- containers` (never part of the default run: it needs a Docker engine and is
// slower) runs the integration step with Postgres and Redis from Testcontainers whatever answers
// locally, in the images POSTGRES_IMAGE / REDIS_IMAGE name (infra/docker/bases.env when
// infra/docker/bases.sh wrote it, else the official images).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';

const only = process.argv.slice(2);
const optIn = new Set(['containers']);

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 500 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

// The containers step brings its own services: none is looked for.
const containersOnly = only.length > 0 && only.every((name) => optIn.has(name));
if (!containersOnly && !process.env.DATABASE_URL && (await answers(5432))) {
  process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(`test: using the local Postgres at ${process.env.DATABASE_URL} (set DATABASE_URL to choose another)`);
}
if (!containersOnly && !process.env.REDIS_URL && (await answers(6379))) {
  process.env.REDIS_URL = 'redis://127.0.0.1:6379';
  console.log(`test: using the local Redis at ${process.env.REDIS_URL} (set REDIS_URL to choose another)`);
}

const jest = ['node', '--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects'];
const steps = [
  ['lint', ['npx', 'eslint', '.', '--max-warnings', '0']],
  // web/ and test/{browser,hostile,support}/ have their own configs (ESLint uses the one nearest each file).
  ['lint-web', ['npx', 'eslint', 'web', 'test/browser', 'test/hostile', 'test/support', '--max-warnings', '0']],
  ['format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']],
  ['typecheck', ['npm', 'run', '--silent', 'typecheck']],
  ['unit', [...jest, 'unit']],
  // The demo analysis test seeds and transcodes the whole demo (minutes of both cores). It runs
  // beside the steps after it under `nice -n 19` (its ffmpeg and fluidsynth inherit that), so it
  // takes only the CPU they leave idle and the timing-sensitive tests (crash, stalled jobs)
  // never compete with it. --forceExit: run in band, Jest waits for every handle of the api it
  // booted, and one (not named by --detectOpenHandles) outlives app.close(); the workers of the
  // integration step are stopped by Jest the same way.
  [
    'demo',
    [...jest, 'integration', '--runInBand', '--forceExit', '--testPathPatterns', 'demo-analysis'],
    { beside: true },
  ],
  ['integration', [...jest, 'integration', '--maxWorkers=2', '--testPathIgnorePatterns', 'demo-analysis']],
  ['web', ['npm', 'run', '--silent', 'test', '-w', 'web']],
  ['browser', ['node', 'infra/test/browser.mjs']],
  // Issue 13: hostile requests against a running product of its own (test/hostile/).
  ['hostile', ['node', 'infra/test/hostile.mjs']],
  // Issue 19: the integration step as an engineer without local services runs it.
  ['containers', [...jest, 'integration', '--maxWorkers=2', '--testPathIgnorePatterns', 'demo-analysis']],
];

/** The environment of the containers step: no service URLs, the images of bases.env if built. */
function containersEnv() {
  const env = { ...process.env, TESTCONTAINERS_RYUK_DISABLED: process.env.TESTCONTAINERS_RYUK_DISABLED ?? 'true' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const bases = 'infra/docker/bases.env';
  if (existsSync(bases)) {
    for (const line of readFileSync(bases, 'utf8').split('\n')) {
      const [, key, value] = /^(POSTGRES_IMAGE|REDIS_IMAGE)=(.+)$/.exec(line) ?? [];
      if (key) env[key] ??= value;
    }
  }
  console.log(
    `containers: Testcontainers with ${env.POSTGRES_IMAGE ?? 'postgres:16'} and ${env.REDIS_IMAGE ?? 'redis:7'}`,
  );
  return env;
}

/** The steps running beside the others, so that an interrupt or a failed step stops them. */
const beside = new Set();

/** Signals a step beside the others with everything it started (it leads its process group). */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// A step beside the others is not in this process's group, so an interrupt (Ctrl-C) does not
// reach it: it is passed on, for the step to clean up as it does on its own.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of beside) signalGroup(child, signal);
    process.exit(130);
  });
}

/**
 * Runs a step and reads the test counts from its runner's summary. It echoes the output as it
 * comes; a step `besideOthers` runs under `nice -n 19` in a process group of its own, keeps its
 * output for `output` (printed when it has ended) and can be ended with all it started (`stop`).
 */
function runStep(command, args, env = process.env, { besideOthers = false } = {}) {
  const options = { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, FORCE_COLOR: '0' }, detached: besideOthers };
  const child = besideOthers ? spawn('nice', ['-n', '19', command, ...args], options) : spawn(command, args, options);
  if (besideOthers) beside.add(child);
  let output = '';
  const keep = (chunk, out) => {
    output += chunk.toString();
    if (besideOthers) return;
    out.write(chunk);
    output = output.slice(-20000);
  };
  child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
  child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
  const done = new Promise((resolve) =>
    child.on('close', (code) => {
      beside.delete(child);
      resolve({ code, counts: countTests(output.slice(-20000)), output });
    }),
  );
  return { done, stop: () => signalGroup(child, 'SIGKILL') };
}

function countTests(raw) {
  // vitest colours its summary even with FORCE_COLOR=0.
  const output = raw.replace(/\x1b\[[0-9;]*m/g, '');
  const jest = /^Tests:\s+(?:(\d+) failed, )?(?:(\d+) skipped, )?(?:(\d+) passed, )?\d+ total/m.exec(output);
  if (jest) return { passed: Number(jest[3] ?? 0), failed: Number(jest[1] ?? 0) };
  const vitest = /^\s*Tests\s+(?:(\d+) failed \| )?(\d+) passed/m.exec(output);
  if (vitest) return { passed: Number(vitest[2]), failed: Number(vitest[1] ?? 0) };
  const pass = /^(?:ℹ|#) pass (\d+)$/m.exec(output);
  const fail = /^(?:ℹ|#) fail (\d+)$/m.exec(output);
  if (pass) return { passed: Number(pass[1]), failed: Number(fail?.[1] ?? 0) };
  return null;
}

const started = Date.now();
const results = [];
const later = [];
for (const [name, [command, ...args], { beside: runsBeside = false } = {}] of steps) {
  if (only.length > 0 ? !only.includes(name) : optIn.has(name)) continue;
  const t0 = Date.now();
  const env = name === 'containers' ? containersEnv() : process.env;
  if (runsBeside) {
    console.log(`\n=== test step: ${name} (beside the next steps at nice 19; its output comes at the end) ===`);
    later.push({ name, t0, step: runStep(command, args, env, { besideOthers: true }) });
    continue;
  }
  console.log(`\n=== test step: ${name} ===`);
  const { code, counts } = await runStep(command, args, env).done;
  results.push({ name, ok: code === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1), counts });
  if (code !== 0) break;
}
for (const { name, t0, step } of later) {
  // A failed step ends the run: what runs beside it is stopped, not waited for.
  const stopped = !results.every((r) => r.ok);
  if (stopped) step.stop();
  const { code, counts, output } = await step.done;
  console.log(`\n=== test step: ${name} (ran beside the steps above${stopped ? '; stopped' : ''}) ===`);
  process.stdout.write(output);
  if (!stopped) results.push({ name, ok: code === 0, seconds: ((Date.now() - t0) / 1000).toFixed(1), counts });
}

console.log('\n=== test summary ===');
let passed = 0;
let failed = 0;
for (const { name, ok, seconds, counts } of results) {
  const tests = counts ? `${counts.passed} passed, ${counts.failed} failed` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(12)} ${seconds.padStart(6)}s  ${tests}`);
  // A step without test counts (lint, typecheck) counts as one check.
  passed += counts ? counts.passed : ok ? 1 : 0;
  failed += counts ? counts.failed + (ok || counts.failed ? 0 : 1) : ok ? 0 : 1;
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
