import { loadConfigOrExit, ConfigError } from '@app/config';
import { startWorker } from './bootstrap.js';
import { JobCatalogueError } from './job-processor.js';
import { loadWorkerSettings } from './worker.settings.js';

const config = loadConfigOrExit();
let settings;
try {
  settings = loadWorkerSettings();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}

try {
  const worker = await startWorker(config, settings);
  const shutdown = (signal: string) => {
    worker.log.info({ signal }, 'shutdown requested');
    worker.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        worker.log.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  if (error instanceof JobCatalogueError) {
    console.error(error.message);
    process.exit(70);
  }
  throw error;
}
