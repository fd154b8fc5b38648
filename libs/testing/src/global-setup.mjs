import { execFileSync } from 'node:child_process';

/**
 * Runs once before the integration tests: finds Postgres and Redis (the environment's, or
 * containers started by Testcontainers), then builds the migrated template database that each
 * test file clones.
 *
 * The containers' images are POSTGRES_IMAGE and REDIS_IMAGE (official postgres:16 and redis:7
 * by default; infra/docker/bases.sh builds equivalents where no registry answers, and
 * `npm test -- containers` passes them on). They are removed when the test run's process exits,
 * so this works with Testcontainers' reaper turned off (TESTCONTAINERS_RYUK_DISABLED=true,
 * needed where the reaper's image cannot be pulled).
 */
export default async function globalSetup() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const started = [];
    process.once('exit', () => {
      for (const id of started) {
        try {
          execFileSync('docker', ['rm', '--force', '--volumes', id], { stdio: 'ignore' });
        } catch {
          // Already gone, or the engine stopped first: nothing left to remove.
        }
      }
    });
    try {
      if (!process.env.DATABASE_URL) {
        // A database thrown away after the run: durability buys nothing, so fsync is off.
        const postgres = await new GenericContainer(process.env.POSTGRES_IMAGE || 'postgres:16')
          .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
          .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'])
          .withExposedPorts(5432)
          // Over TCP only: the official image's first start runs a temporary server on its socket.
          .withWaitStrategy(Wait.forSuccessfulCommand('pg_isready -h 127.0.0.1 -U postgres'))
          .withStartupTimeout(120_000)
          .start();
        started.push(postgres.getId());
        process.env.DATABASE_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
      }
      if (!process.env.REDIS_URL) {
        const redis = await new GenericContainer(process.env.REDIS_IMAGE || 'redis:7')
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
          .start();
        started.push(redis.getId());
        process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
      }
    } catch (error) {
      throw new Error(
        `Integration tests need Postgres and Redis: set DATABASE_URL and REDIS_URL, or install Docker for Testcontainers (${error.message})`,
      );
    }
    console.log(`\nTestcontainers: Postgres at ${process.env.DATABASE_URL}, Redis at ${process.env.REDIS_URL}`);
  }
  process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
  process.env.TEST_REDIS_URL = process.env.REDIS_URL;
  execFileSync(
    process.execPath,
    ['--import', '@swc-node/register/esm-register', 'libs/testing/src/prepare-template.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
}
