// Shared by seed.mjs and import-albums.mjs: builds the server code, then runs one of its
// command-line entry points from the repository root with the caller's arguments.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export function runTool(entry, args) {
  const root = path.resolve(import.meta.dirname, '../..');
  process.chdir(root);
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.error(
      `Set ${missing.join(' and ')} first, e.g.\n` +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/cuview REDIS_URL=redis://127.0.0.1:6379 npm run ...\n' +
        '(`npm start` provides both and seeds an empty database by itself.)',
    );
    process.exit(78);
  }
  const build = spawnSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const run = spawnSync(process.execPath, ['--enable-source-maps', entry, ...args], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
