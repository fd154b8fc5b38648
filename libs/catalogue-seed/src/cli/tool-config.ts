import { ConfigError, loadConfig, type AppConfig } from '@app/config';

/**
 * The seed and the importer read the same settings as the api and the worker. They never
 * sign tokens, so JWT_SECRET is not required of someone running them by hand.
 */
export function loadToolConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig({ JWT_SECRET: 'not-used-by-the-seed-or-the-importer-x', ...env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

/** Prints a failure without a stack trace (a person reads it) and sets the exit code. */
export function reportFatal(error: unknown): void {
  console.error(`✗ ${(error as Error).message ?? String(error)}`);
  process.exitCode = 1;
}
