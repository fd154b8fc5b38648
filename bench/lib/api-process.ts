/**
 * The api as the benches run it: its own process from source, on a free port, with its CPU
 * time read from /proc so a bench can say what a request costs the api itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { freeLocalPort } from '@app/testing';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = (line: string) => console.log(line);
/** The benched api's token secret: a bench may sign its own viewers' access tokens. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256';

/** A free port on 127.0.0.1 (the tests' helper). */
export const freePort = freeLocalPort;

/**
 * The api as in production: its own process, started from source. With `until`, it is ready
 * once a line of its log also matches that (answered as `line`), not only its /readyz.
 */
export async function startApi(
  databaseUrl: string,
  label: string,
  env: Record<string, string> = {},
  until?: RegExp,
): Promise<{ url: string; child: ChildProcess; line?: RegExpExecArray }> {
  // BENCH_API_PORT pins the api's port (a shared machine may hand out port ranges).
  const port = process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : await freePort();
  // BENCH_API_PROFILE=1 writes a V8 CPU profile of the api to bench/.cache/profiles.
  const profile = process.env.BENCH_API_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=bench/.cache/profiles'] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', '@swc-node/register/esm-register', 'apps/api/src/main.ts'],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_PREFIX: 'bench_api',
        JWT_SECRET: BENCH_JWT_SECRET,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // Read the api's log (an unread pipe would block it once full) and show its warnings and errors.
  let pending = '';
  let line: RegExpExecArray | undefined;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const text of lines) {
      const matched = until?.exec(text);
      if (matched) line = matched;
      if (matched || /\b(WARN|ERROR)\b/.test(text)) log(`  [api ${label}] ${text.trim()}`);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a machine shared with builds, compiling the api from source takes a while.
  const deadline = Date.now() + (until ? 1_800_000 : 180_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    try {
      if ((!until || line) && (await fetch(`${url}/readyz`)).ok) return { url, child, line };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`api did not become ready within ${until ? 1800 : 180} s`);
}

/** CPU seconds (user + system) a process has used so far, from /proc. */
export async function processCpuSeconds(pid: number): Promise<number> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
