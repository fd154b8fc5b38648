// `npm run seed [-- --if-empty | --reset] [--small] [--wait-for-pictures]`: the demo catalogue
// (see seedDemoCatalogue).
//   --if-empty  do nothing when the database has accounts (the start command uses this)
//   --reset     replace the catalogue of a database that has one
//   --small     a two-album, four-video catalogue (tests, quick looks)
//   --wait-for-pictures  then wait until the worker has made every queued picture, so the
//               catalogue's screens are whole (the start command prints its address after)
// `npm run seed -- --follow`: only report the worker's remaining transcodes and track jobs, with
// the time left, until they are done (the start command runs it after printing the address).
// Generated media is cached in DEMO_MEDIA_DIR (default .data/demo-media).
import { resolve } from 'node:path';
import { createDataSource } from '@app/db';
import { loadToolConfig, reportFatal } from './tool-config.js';
import { fullProfile, smallProfile } from '../demo/catalogue.js';
import { seedDemoCatalogue } from '../seed.js';
import { createStorage } from '@app/media';
import { JobQueue } from '../services.js';
import { waitForQueues } from '../wait.js';
import { QueueName } from '@app/contracts';

const KNOWN = new Set(['--if-empty', '--reset', '--small', '--wait-for-pictures', '--follow']);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !KNOWN.has(a));
  if (unknown.length > 0 || (args.includes('--if-empty') && args.includes('--reset'))) {
    console.error('Usage: npm run seed [-- --if-empty | --reset] [--small] [--wait-for-pictures] | -- --follow');
    process.exitCode = 2;
    return;
  }
  const config = loadToolConfig();
  const queue = new JobQueue(config.REDIS_URL, config.REDIS_PREFIX);
  if (args.includes('--follow')) {
    try {
      if (await waitForQueues(queue, [QueueName.Video, QueueName.Track], { log: console.log, everyMs: 10_000 })) {
        console.log('✔ every demo video is ready to play');
      }
    } finally {
      await queue.close();
    }
    return;
  }
  const dataSource = await createDataSource(config.DATABASE_URL).initialize();
  try {
    const result = await seedDemoCatalogue(dataSource, createStorage(config), queue, {
      profile: args.includes('--small') ? smallProfile() : fullProfile(),
      cacheDir: resolve(process.env.DEMO_MEDIA_DIR || '.data/demo-media'),
      ifEmpty: args.includes('--if-empty'),
      reset: args.includes('--reset'),
      waitForPictures: args.includes('--wait-for-pictures'),
      log: console.log,
    });
    if (result.skipped) console.log(`seed: ${result.skipped}`);
    if (result.skipped && args.includes('--wait-for-pictures')) {
      // An earlier start may have stopped while the worker was still making them.
      await waitForQueues(queue, [QueueName.Image], { log: console.log });
    }
  } finally {
    await queue.close();
    await dataSource.destroy();
  }
}

main().catch(reportFatal);
