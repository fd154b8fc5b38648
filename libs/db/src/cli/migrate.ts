import { createDataSource } from '../data-source.js';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: export it, e.g. postgres://postgres@127.0.0.1:5432/cuview');
  process.exit(78);
}
const dataSource = createDataSource(url);
await dataSource.initialize();
const applied = await dataSource.runMigrations({ transaction: 'each' });
for (const migration of applied) console.log(`migrated: ${migration.name}`);
if (applied.length === 0) console.log('migrations: up to date');
await dataSource.destroy();
