import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { FfmpegError, MediaAbortedError } from './errors.js';

/**
 * What the caller passes in instead of the library reaching for server globals
 * (the PeerTube habit: the same code runs in the worker, a bench or a remote runner).
 */
/** How every ffmpeg run starts: no banner or stdin, overwrite the output, errors only. */
export const FFMPEG_QUIET: readonly string[] = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

/** How every ffprobe run starts: no banner, errors only. */
export const FFPROBE_QUIET: readonly string[] = ['-hide_banner', '-v', 'error'];

export interface MediaToolOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Stops the running process (SIGTERM, then SIGKILL after a grace period). */
  signal?: AbortSignal;
  /** Hard limit for one process; the process is killed and the call fails after it. */
  timeoutMs?: number;
  log?: MediaLogger;
}

export interface MediaLogger {
  debug(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
}

export interface RunOptions {
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Collect stdout into `stdout` (ffprobe JSON, PCM). Otherwise stdout is only streamed. */
  collectStdout?: boolean;
  /** Called with each complete stdout line (ffmpeg `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Poll /proc for the process's peak resident memory (Linux). */
  measurePeakRss?: boolean;
  /**
   * Piped into the process's stdin. If it fails, the process is stopped and the call fails
   * with its error (the tool would otherwise take the early end for the end of its input);
   * it is destroyed when the process ends first.
   */
  stdin?: Readable;
  log?: MediaLogger;
}

export interface RunResult {
  stdout: Buffer;
  stderrTail: string;
  wallMs: number;
  /** VmHWM of the child as last seen in /proc, in bytes; undefined where /proc is missing. */
  peakRssBytes?: number;
}

const STDERR_TAIL_BYTES = 8192;
const KILL_GRACE_MS = 3000;

let pdeathsigWrapper: string[] | undefined;

/**
 * The words put before a tool's command so that it dies with this process. A worker killed
 * with `kill -9` cannot stop its children itself, and an orphaned ffmpeg would go on encoding
 * (burning the CPU the retried job needs) and writing into a scratch folder nobody owns.
 * util-linux `setpriv --pdeathsig SIGKILL` sets PR_SET_PDEATHSIG and then execs the tool (same
 * pid, no extra process), so the kernel kills it the moment its parent dies. Where setpriv is
 * missing or too old (macOS, Alpine without util-linux) tools start directly, as before.
 * Checked once per process (one ~2 ms run).
 */
export function dieWithParentPrefix(): readonly string[] {
  if (pdeathsigWrapper === undefined) {
    const probe = spawnSync('setpriv', ['--pdeathsig', 'SIGKILL', '--', 'true'], { stdio: 'ignore', timeout: 5000 });
    pdeathsigWrapper = probe.status === 0 ? ['setpriv', '--pdeathsig', 'SIGKILL', '--'] : [];
  }
  return pdeathsigWrapper;
}

/** Runs a tool with an argument array (never a shell), failing with FfmpegError on a non-zero exit. */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const started = performance.now();
  return new Promise<RunResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaAbortedError(`${command} was not started: aborted`));
      return;
    }
    options.log?.debug('media: spawn', { command, args });
    const [launcher, ...launcherArgs] = [...dieWithParentPrefix(), command, ...args];
    const child = spawn(launcher!, launcherArgs, {
      cwd: options.cwd,
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    }) as ChildProcessByStdio<Writable | null, Readable, Readable>;

    const stdoutChunks: Buffer[] = [];
    let stdoutLineRest = '';
    let stderrTail = '';
    let peakRssBytes: number | undefined;
    let killedBy: 'abort' | 'timeout' | 'input' | undefined;
    let inputError: unknown;
    let killTimer: NodeJS.Timeout | undefined;
    let rssTimer: NodeJS.Timeout | undefined;

    const kill = (why: 'abort' | 'timeout' | 'input') => {
      if (killedBy || child.exitCode !== null) return;
      killedBy = why;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const onAbort = () => kill('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timeout = options.timeoutMs ? setTimeout(() => kill('timeout'), options.timeoutMs) : undefined;

    if (options.measurePeakRss && child.pid !== undefined) {
      const statusPath = `/proc/${child.pid}/status`;
      const poll = () => {
        readFile(statusPath, 'utf8').then(
          (status) => {
            const match = /VmHWM:\s+(\d+) kB/.exec(status);
            if (match) peakRssBytes = Math.max(peakRssBytes ?? 0, Number(match[1]) * 1024);
          },
          () => undefined, // gone already, or no /proc on this system
        );
      };
      poll();
      rssTimer = setInterval(poll, 100);
    }

    child.stdout.on('data', (chunk: Buffer) => {
      if (options.collectStdout) stdoutChunks.push(chunk);
      if (options.onStdoutLine) {
        const text = stdoutLineRest + chunk.toString('utf8');
        const lines = text.split('\n');
        stdoutLineRest = lines.pop() ?? '';
        for (const line of lines) options.onStdoutLine(line.trimEnd());
      }
    });
    const { stdin } = options;
    if (stdin && child.stdin) {
      stdin.on('error', (error) => {
        inputError = error;
        kill('input');
      });
      // EPIPE when the tool exits before reading everything: its exit code says what happened.
      child.stdin.on('error', () => undefined);
      stdin.pipe(child.stdin);
    }

    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });

    const cleanup = () => {
      if (stdin && !stdin.destroyed) stdin.destroy();
      options.signal?.removeEventListener('abort', onAbort);
      if (timeout) clearTimeout(timeout);
      if (killTimer) clearTimeout(killTimer);
      if (rssTimer) clearInterval(rssTimer);
    };

    child.on('error', (error) => {
      cleanup();
      reject(new FfmpegError(`Could not start ${command}: ${error.message}`, null, ''));
    });
    child.on('close', (code, signal) => {
      cleanup();
      if (stdoutLineRest && options.onStdoutLine) options.onStdoutLine(stdoutLineRest);
      const wallMs = performance.now() - started;
      if (killedBy === 'abort') {
        reject(new MediaAbortedError(`${command} was stopped: aborted`));
        return;
      }
      if (killedBy === 'input') {
        reject(inputError);
        return;
      }
      if (killedBy === 'timeout') {
        reject(
          new FfmpegError(`${command} took longer than ${options.timeoutMs} ms and was stopped`, code, stderrTail),
        );
        return;
      }
      if (launcher !== command && (code === 126 || code === 127) && /^setpriv: failed to execute/m.test(stderrTail)) {
        // The tool itself could not be started: the same failure as spawning it directly.
        const reason = stderrTail
          .trim()
          .split('\n')
          .pop()!
          .replace(/^setpriv: failed to execute \S+: /, '');
        reject(new FfmpegError(`Could not start ${command}: ${reason}`, null, ''));
        return;
      }
      if (code !== 0) {
        const lastLine = stderrTail.trim().split('\n').pop() ?? '';
        const how = code === null ? `was killed by ${signal}` : `exited with code ${code}`;
        reject(new FfmpegError(`${command} ${how}${lastLine ? `: ${lastLine}` : ''}`, code, stderrTail));
        return;
      }
      resolve({ stdout: Buffer.concat(stdoutChunks), stderrTail, wallMs, peakRssBytes });
    });
  });
}
