#!/usr/bin/env node
// Prints the gzipped size of every JavaScript chunk of the built app (web/dist) and fails when
// the JavaScript the landing page loads (the entry and the landing route, with everything they
// import statically) exceeds the budget or holds any admin module.
// Run after `npm run build -w web`:  npm run check:bundle -w web
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 180;
const LANDING_ROUTE = 'src/app/routes/landing.tsx';
const ADMIN_DIR = 'src/features/admin/';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const chunksPath = join(dist, '.vite', 'chunks.json');
if (!existsSync(manifestPath) || !existsSync(chunksPath)) {
  console.error('No build found: run `npm run build -w web` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const modulesByFile = JSON.parse(readFileSync(chunksPath, 'utf8'));

const kb = (bytes) => bytes / 1024;
const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

/** Files loaded before the chunk can run: the chunk and its static imports, transitively. */
function staticClosure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('Manifest lacks the entry.');
  process.exit(2);
}
// The landing route is bundled with the entry (web/src/app/router.tsx), or is its own chunk.
const landing = new Set([...staticClosure(entryKey), ...staticClosure(LANDING_ROUTE)]);
if (![...landing].some((file) => LANDING_ROUTE in (modulesByFile[file] ?? {}))) {
  console.error(`No chunk the landing page loads holds ${LANDING_ROUTE}.`);
  process.exit(2);
}

const names = new Map(Object.values(manifest).map((e) => [e.file, e.src ?? e.name ?? '']));
const rows = Object.keys(modulesByFile)
  .filter((f) => f.endsWith('.js'))
  .map((file) => ({ file, raw: readFileSync(join(dist, file)).length, gz: gzipped(file) }))
  .sort((a, b) => b.gz - a.gz);

console.log('chunk'.padEnd(46), 'raw KB'.padStart(9), 'gzip KB'.padStart(9), ' landing  source');
for (const r of rows) {
  console.log(
    r.file.padEnd(46),
    kb(r.raw).toFixed(1).padStart(9),
    kb(r.gz).toFixed(1).padStart(9),
    landing.has(r.file) ? '   *    ' : '        ',
    names.get(r.file) ?? '',
  );
}

const landingGz = [...landing].reduce((sum, f) => sum + gzipped(f), 0);
const modulesOf = (file) => Object.keys(modulesByFile[file] ?? {});
const adminInLanding = [...landing].flatMap((f) =>
  modulesOf(f)
    .filter((m) => m.includes(ADMIN_DIR))
    .map((m) => `${f}: ${m}`),
);
const adminChunks = Object.keys(modulesByFile)
  .filter((f) => modulesOf(f).some((m) => m.includes(ADMIN_DIR)))
  .map((f) => [f]);

// The biggest modules the landing page loads (minified, before gzip): where to look first.
const landingModules = [...landing]
  .flatMap((f) => Object.entries(modulesByFile[f] ?? {}))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 12);
console.log('\nlargest modules on the landing page (minified KB):');
for (const [id, bytes] of landingModules)
  console.log(`  ${kb(bytes).toFixed(1).padStart(7)}  ${id.replace(/.*node_modules\//, '')}`);

console.log('');
console.log(
  `landing page JavaScript: ${landing.size} chunks, ${kb(landingGz).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
);
console.log(`admin chunks (lazy): ${adminChunks.map(([f]) => f).join(', ') || 'none'}`);

let failed = false;
if (kb(landingGz) > BUDGET_KB) {
  console.error(
    `FAIL: the landing page loads ${kb(landingGz).toFixed(1)} KB gzipped, over the ${BUDGET_KB} KB budget.`,
  );
  failed = true;
}
if (adminInLanding.length) {
  console.error('FAIL: admin code is loaded by the landing page:\n  ' + adminInLanding.join('\n  '));
  failed = true;
}
// The api sends these copies instead of the files: each must be its file, byte for byte.
const copies = readdirSync(join(dist, 'assets')).filter((f) => /\.(br|gz)$/.test(f));
const wrongCopies = copies.filter((copy) => {
  const file = readFileSync(join(dist, 'assets', copy.replace(/\.(br|gz)$/, '')));
  const packed = readFileSync(join(dist, 'assets', copy));
  return !(copy.endsWith('.br') ? brotliDecompressSync(packed) : gunzipSync(packed)).equals(file);
});
if (copies.length === 0 || wrongCopies.length > 0) {
  console.error(
    `FAIL: precompressed copies missing or not equal to their files: ${wrongCopies.join(', ') || 'none found'}`,
  );
  failed = true;
}
if (!failed)
  console.log(`OK: landing page within budget and free of admin code; ${copies.length} precompressed copies match.`);
process.exit(failed ? 1 : 0);
