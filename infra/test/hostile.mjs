// The hostile suite (issue 13): a fresh product of its own (test/browser/stack.mjs: its own
// database, storage and Redis prefix, so it never disturbs the browser journeys), then every
// test/hostile/*.test.mjs against it with node's test runner, limits last (they spend the
// login, reset and register budgets on purpose), then the product is stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startStack } from '../../test/browser/stack.mjs';
import { runSuites } from './suites.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'test/hostile');
const LAST = 'limits.test.mjs';
const files = readdirSync(dir).filter((f) => f.endsWith('.test.mjs'));
// Two runs, because node's runner orders the files of one run itself.
const runs = [files.filter((f) => f !== LAST), files.filter((f) => f === LAST)]
  .map((list) => list.map((f) => path.join('test/hostile', f)))
  .filter((list) => list.length > 0);

// `npm test` runs this after the browser step, which has just built everything. Run alone, it
// builds the server (quick) and the web app only when there is none (the api serves it).
console.log('hostile: building the server (npm run build:server)');
if (spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' }).status !== 0)
  process.exit(1);
if (!existsSync(path.join(root, 'web/dist/index.html'))) {
  console.log('hostile: building the web app (none yet)');
  if (spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

const stack = await startStack({ log: (line) => console.log(line.replace(/^browser stack/, 'hostile stack')) });
let status = 0;
try {
  for (const suites of runs) {
    // Only to forge the expired token (a real attacker cannot): the rest of the forging (alg
    // none, wrong key, changed claims) does without it.
    const code = await runSuites(stack, suites, { E2E_JWT_SECRET: stack.env.JWT_SECRET });
    if (code !== 0) status = 1;
  }
} finally {
  await stack.stop();
}
process.exit(status);
