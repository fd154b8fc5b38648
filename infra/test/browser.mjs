// Browser tests: start the real product once (test/browser/stack.mjs), then run every
// test/browser/*.test.mjs with node's test runner against it (BASE_URL), then stop it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startStack } from '../../test/browser/stack.mjs';
import { runSuites } from './suites.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'test/browser');
const suites = readdirSync(dir)
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => path.join('test/browser', f));
if (suites.length === 0) {
  console.log('browser: no suites');
  process.exit(0);
}
// Always rebuild, so the browser never tests a stale build of the code under test.
console.log('browser: building the product (npm run build)');
const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
// The landing page's JavaScript budget (issue 7): sizes printed, over budget or admin code fails.
const bundle = spawnSync(process.execPath, ['web/scripts/check-bundle.mjs'], { cwd: root, stdio: 'inherit' });
if (bundle.status !== 0) process.exit(1);

const stack = await startStack();
let status = 1;
try {
  status = await runSuites(stack, suites);
} finally {
  await stack.stop();
}
process.exit(status);
