import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { runProcess } from './process.js';

describe('runProcess with a stream on stdin', () => {
  it('pipes the whole stream into the process', async () => {
    const chunks = [Buffer.alloc(300_000, 1), Buffer.alloc(500_000, 2)];
    const run = await runProcess('wc', ['-c'], { stdin: Readable.from(chunks), collectStdout: true });
    expect(Number(run.stdout.toString().trim())).toBe(800_000);
  });

  it('fails with the stream’s own error and stops the process when the stream fails midway', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(1000);
      throw new Error('The decoded audio ended early');
    }
    // `cat` on its own would end normally at the early end of its input.
    await expect(runProcess('cat', [], { stdin: Readable.from(failing()) })).rejects.toThrow(
      'The decoded audio ended early',
    );
  });

  it('stops feeding a process that ended early', async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<Buffer> {
      for (;;) {
        produced++;
        yield Buffer.alloc(64 * 1024);
      }
    }
    const stdin = Readable.from(endless());
    // `head` exits after the first 10 bytes; the rest of the stream is not needed.
    await runProcess('head', ['-c', '10'], { stdin, collectStdout: true });
    expect(stdin.destroyed).toBe(true);
    const after = produced;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBe(after);
  });
});

describe('runProcess and the death of its caller', () => {
  it('starts tools so that they die with the process that started them (setpriv --pdeathsig)', async () => {
    // A node process that starts `sleep` through runProcess and is then killed with SIGKILL:
    // it cannot stop its child itself, the kernel must.
    const script = `
      const { runProcess } = await import(${JSON.stringify(new URL('./process.ts', import.meta.url).href)});
      void runProcess('sleep', ['30']);
      setInterval(() => {}, 1000);`;
    const parent = spawn(
      process.execPath,
      ['--import', '@swc-node/register/esm-register', '--input-type=module', '-e', script],
      { stdio: 'ignore', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    const sleepPid = await waitForChild(parent.pid!);
    parent.kill('SIGKILL');
    const killedAt = Date.now();
    while (isAlive(sleepPid) && Date.now() - killedAt < 5000) await delay(20);
    expect(isAlive(sleepPid)).toBe(false);
    expect(Date.now() - killedAt).toBeLessThan(1000);
  }, 30_000);

  it('says which tool could not be started when it does not exist', async () => {
    await expect(runProcess('no-such-media-tool', [])).rejects.toMatchObject({
      message: expect.stringMatching(/^Could not start no-such-media-tool: .*(No such file|ENOENT)/),
      exitCode: null,
    });
  });
});

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A killed child that nobody reaped yet is a zombie: dead for our purpose.
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitForChild(parentPid: number): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { stdout } = await runProcess('ps', ['-o', 'pid=,comm=', '--ppid', String(parentPid)], {
      collectStdout: true,
    }).catch(() => ({ stdout: Buffer.from('') }));
    const line = stdout
      .toString()
      .split('\n')
      .find((l) => l.trim().endsWith('sleep'));
    if (line) return Number(line.trim().split(/\s+/)[0]);
    await delay(50);
  }
  throw new Error('the child process did not start');
}
