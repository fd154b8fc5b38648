// Generates a TypeORM migration from the difference between the entities and the migrated
// schema, in a scratch database so nobody's data is touched.
//   npm run migration:generate -- Name
import { execFileSync } from 'node:child_process';
import pg from 'pg';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('Usage: npm run migration:generate -- MigrationName (PascalCase)');
  process.exit(2);
}
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `cuview_generate_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
const url = new URL(base);
url.pathname = `/${scratch}`;
const env = { ...process.env, DATABASE_URL: url.toString() };
try {
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
  execFileSync('node', ['dist/libs/db/src/cli/migrate.js'], { stdio: 'inherit', env });
  execFileSync(
    'npx',
    ['typeorm', 'migration:generate', `libs/db/src/migrations/${name}`, '-d', 'dist/libs/db/src/data-source.js', '-p'],
    { stdio: 'inherit', env },
  );
  console.log(`Review the new file in libs/db/src/migrations/ and add it to migrations/index.ts.`);
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}
