import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * Generated demo media is kept between runs (`.data/demo-media` by default): making it
 * takes a minute or two, importing it a few seconds. Folder names carry a hash of what was
 * asked for, so changing the catalogue or the generator makes new files instead of reusing
 * stale ones.
 */
export const GENERATOR_VERSION = 5;

export function specHash(spec: unknown): string {
  return createHash('sha1')
    .update(JSON.stringify({ v: GENERATOR_VERSION, spec }))
    .digest('hex')
    .slice(0, 10);
}

export async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

/**
 * Runs `make(tempPath)` unless `path` already exists, then moves the result into place, so
 * an interrupted run never leaves half a file under a cached name.
 */
export async function cached(path: string, make: (tempPath: string) => Promise<void>): Promise<boolean> {
  if (await fileExists(path)) return false;
  await mkdir(dirname(path), { recursive: true });
  const dot = path.lastIndexOf('.');
  const temp = `${path.slice(0, dot)}.partial-${process.pid}${path.slice(dot)}`;
  try {
    await make(temp);
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
  return true;
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Runs `work` over the items, `limit` at a time. ffmpeg's lavfi pattern sources draw on one
 * thread, so two encodes side by side use a two-core machine far better than one.
 */
export async function forEachConcurrently<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Makes every item (`make` answers what the log line names), two at a time, logging
 * "[n/total] · about … left" as each one is done.
 */
export async function generateEach<T>(
  items: readonly T[],
  log: (line: string) => void,
  make: (item: T, index: number) => Promise<string>,
): Promise<void> {
  const progress = new Progress(items.length);
  await forEachConcurrently(items, generationConcurrency(), async (item, index) => {
    log(progress.step(await make(item, index)));
  });
}

/** How many ffmpeg processes the demo generation runs at once. */
export function generationConcurrency(): number {
  return Math.min(2, availableParallelism());
}

/**
 * Removes what an older catalogue or generator left in `dir` under names starting with
 * `prefix`, keeping `keep` (full paths), so the cache does not grow with every change.
 */
export async function pruneCache(dir: string, prefix: string, keep: readonly string[]): Promise<void> {
  const wanted = new Set(keep.map((p) => basename(p)));
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && !wanted.has(name) && !name.includes('.partial-')) {
      await rm(join(dir, name), { recursive: true, force: true });
    }
  }
}

/** "12/40 · about 40 s left": counts work done and estimates the rest from its pace so far. */
export class Progress {
  private done = 0;
  private readonly started = Date.now();

  constructor(private readonly total: number) {}

  /** Counts one more item done: "  [n/total] label · about … left" (the time left once it can tell). */
  step(label: string): string {
    this.done++;
    return `  [${this.done}/${this.total}] ${label}${timeLeft(this.done, this.total, Date.now() - this.started)}`;
  }
}

/** " · about 40 s left" from the pace of `done` items in `elapsedMs`; empty when done or unknown. */
export function timeLeft(done: number, total: number, elapsedMs: number): string {
  if (done <= 0 || done >= total || elapsedMs <= 0) return '';
  const seconds = Math.round(((total - done) * elapsedMs) / done / 1000);
  return seconds >= 90 ? ` · about ${Math.round(seconds / 60)} min left` : ` · about ${Math.max(1, seconds)} s left`;
}
