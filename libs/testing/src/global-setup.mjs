import { execFileSync } from 'node:child_process';

/**
 * Runs once before the integration tests: finds Postgres and Redis (the environment's, or
 * containers started by Testcontainers), then builds the migrated template database that each
 * test file clones.
 */
export default async function globalSetup() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    const { GenericContainer } = await import('testcontainers');
    try {
      if (!process.env.DATABASE_URL) {
        const postgres = await new GenericContainer('postgres:16')
          .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
          .withExposedPorts(5432)
          .start();
        process.env.DATABASE_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
      }
      if (!process.env.REDIS_URL) {
        const redis = await new GenericContainer('redis:7').withExposedPorts(6379).start();
        process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
      }
    } catch (error) {
      throw new Error(
        `Integration tests need Postgres and Redis: set DATABASE_URL and REDIS_URL, or install Docker for Testcontainers (${error.message})`,
      );
    }
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
