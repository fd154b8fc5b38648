import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { LocalStorage, StorageNotFoundError, type StorageDriver } from '@app/media';
import type { Logger } from './logger.js';
import { LOGGER, STORAGE } from './tokens.js';
import { WorkerSettings } from './worker.settings.js';

const DIR_PREFIX = 'job-';

/**
 * Temporary folders for one job each, named after the worker's pid so that a worker starting
 * after a crash (kill -9, OOM) can remove what a dead worker left behind.
 */
@Injectable()
export class ScratchSpace {
  private readonly root: string;

  constructor(
    settings: WorkerSettings,
    @Inject(STORAGE) private readonly storage: StorageDriver,
    @Inject(LOGGER) private readonly log: Logger,
  ) {
    this.root = join(settings.WORKER_TMP_DIR, 'cuview-worker');
  }

  /** Runs `work` with a fresh folder that is removed afterwards, whatever happens. */
  async withDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
    await mkdir(this.root, { recursive: true });
    const dir = await mkdtemp(join(this.root, `${DIR_PREFIX}${process.pid}-`));
    try {
      return await work(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * A local file holding the stored object: the object's own file with the local driver (no
   * copy of a multi-gigabyte original), a download into `dir` otherwise.
   */
  async fetch(key: string, dir: string, name: string): Promise<string> {
    if (this.storage instanceof LocalStorage) {
      if (!(await this.storage.exists(key))) throw new StorageNotFoundError(key);
      return this.storage.localPath(key);
    }
    const target = join(dir, name);
    const object = await this.storage.get(key);
    await pipeline(object.body, createWriteStream(target));
    return target;
  }

  /** Removes the folders of workers that are no longer running. */
  async removeLeftovers(): Promise<void> {
    let entries: string[];
    try {
      entries = await readdir(this.root);
    } catch {
      return;
    }
    for (const entry of entries) {
      const pid = Number(/^job-(\d+)-/.exec(entry)?.[1]);
      if (!pid || pid === process.pid || isRunning(pid)) continue;
      await rm(join(this.root, entry), { recursive: true, force: true });
      this.log.info({ dir: entry }, 'removed scratch folder of a stopped worker');
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
