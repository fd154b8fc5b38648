// `npm run seed [-- --if-empty | --reset] [--small]`: the demo catalogue (see seedDemoCatalogue).
//   --if-empty  do nothing when the database has accounts (the start command uses this)
//   --reset     replace the catalogue of a database that has one
//   --small     a two-album, four-video catalogue (tests, quick looks)
// Generated media is cached in DEMO_MEDIA_DIR (default .data/demo-media).
import { resolve } from 'node:path';
import { createDataSource } from '@app/db';
import { loadToolConfig, reportFatal } from './tool-config.js';
import { fullProfile, smallProfile } from '../demo/catalogue.js';
import { seedDemoCatalogue } from '../seed.js';
import { createStorage } from '@app/media';
import { JobQueue } from '../services.js';

const KNOWN = new Set(['--if-empty', '--reset', '--small']);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !KNOWN.has(a));
  if (unknown.length > 0 || (args.includes('--if-empty') && args.includes('--reset'))) {
    console.error('Usage: npm run seed [-- --if-empty | --reset] [--small]');
    process.exitCode = 2;
    return;
  }
  const config = loadToolConfig();
  const dataSource = await createDataSource(config.DATABASE_URL).initialize();
  const queue = new JobQueue(config.REDIS_URL, config.REDIS_PREFIX);
  try {
    const result = await seedDemoCatalogue(dataSource, createStorage(config), queue, {
      profile: args.includes('--small') ? smallProfile() : fullProfile(),
      cacheDir: resolve(process.env.DEMO_MEDIA_DIR || '.data/demo-media'),
      ifEmpty: args.includes('--if-empty'),
      reset: args.includes('--reset'),
      log: console.log,
    });
    if (result.skipped) console.log(`seed: ${result.skipped}`);
  } finally {
    await queue.close();
    await dataSource.destroy();
  }
}

main().catch(reportFatal);
