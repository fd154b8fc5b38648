import { spawn } from 'node:child_process';
import { startStack } from '../../test/browser/stack.mjs';
const stack = await startStack();
const status = await new Promise((resolve) => {
  const child = spawn(process.execPath, ['--test', '--test-concurrency=1', 'test/browser/admin-lists.test.mjs'], {
    cwd: '/work/wt/h15a',
    env: { ...process.env, BASE_URL: stack.baseUrl, E2E_DATABASE_URL: stack.databaseUrl, E2E_OUTBOX: stack.env.MAIL_OUTBOX_DIR },
    stdio: 'inherit',
  });
  child.on('close', (code) => resolve(code ?? 1));
});
await stack.stop();
process.exit(status);
