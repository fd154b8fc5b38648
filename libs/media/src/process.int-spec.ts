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
