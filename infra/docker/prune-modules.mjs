// Run in the image build after `npm prune --omit=dev`: removes from node_modules every package
// that the production dependencies do not reach when the packages named on the command line are
// taken as files only (their own dependencies are not followed). The api reads one prebuilt file
// of @scalar/api-reference (browser/standalone.js, served at /cuviewTV/docs/scalar.js); the ~190 MB
// its dependencies weigh serve Scalar's other builds, never loaded here. Optional peers are not
// followed either. Reads package-lock.json; prints what it removed.
//   node prune-modules.mjs @scalar/api-reference
import { existsSync, readFileSync, rmSync } from 'node:fs';

const leaves = new Set(process.argv.slice(2));
const { packages } = JSON.parse(readFileSync('package-lock.json', 'utf8'));

/** Node's lookup: node_modules/<name> beside the package, then in each folder above it. */
function resolve(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

const reached = new Set();
const queue = [''];
while (queue.length > 0) {
  const at = queue.pop();
  if (reached.has(at)) continue;
  reached.add(at);
  const entry = packages[at];
  const name = at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (at && leaves.has(name)) continue;
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  const names = [
    ...Object.keys(entry.dependencies ?? {}),
    ...Object.keys(entry.optionalDependencies ?? {}),
    ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !optionalPeers[peer]?.optional),
  ];
  for (const dependency of names) {
    const found = resolve(at, dependency);
    if (found) queue.push(found);
  }
}

let removed = 0;
// Longest paths first, so a nested package goes before the folder holding it.
for (const path of Object.keys(packages).sort((a, b) => b.length - a.length)) {
  if (!path.startsWith('node_modules/') || reached.has(path) || !existsSync(path)) continue;
  rmSync(path, { recursive: true, force: true });
  removed += 1;
}
console.log(`prune-modules: removed ${removed} packages the server never loads`);
