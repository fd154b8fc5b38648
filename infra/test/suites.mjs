// Runs node's test runner over test files (one file at a time) against a started product
// (test/browser/stack.mjs), with the product's address, database and outbox in the
// environment. Resolves to the runner's exit code.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export function runSuites(stack, suites, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...suites], {
      cwd: root,
      env: {
        ...process.env,
        BASE_URL: stack.baseUrl,
        E2E_DATABASE_URL: stack.databaseUrl,
        E2E_OUTBOX: stack.env.MAIL_OUTBOX_DIR,
        ...extraEnv,
      },
      stdio: 'inherit',
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}
