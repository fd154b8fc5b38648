// The compose stack, up and used (issue 19): builds and starts it (bases from Debian's packages
// when no image registry answers), then, through nginx only, signs in as staff, uploads a clip
// per worker replica, waits for Ready, plays one as a viewer (the HLS from the S3 bucket through
// MEDIA_PUBLIC_URL, decoded to the end by ffmpeg), runs an analysis, switches the video off and
// plays it as staff through its signed address while the viewer gets 404 at every address,
// printing each step and its time. With more than one api or worker replica it checks that
// every api replica answered through nginx and every worker took jobs. Not part of `npm test`.
//   node infra/docker/smoke.mjs                 leaves the stack running (it prints how to stop it)
//   node infra/docker/smoke.mjs --down          stops it and removes its containers and volumes
//   node infra/docker/smoke.mjs --replicas 3    runs 3 api and 3 worker replicas (default: the
//                                               compose file's deploy.replicas, 2)
// WEB_PORT (8080) is the one host port it publishes.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.WEB_PORT ?? '8080';
const base = `http://localhost:${port}`;
const API = `${base}/cuviewTV`;
const accounts = {
  SMOKE_STAFF_EMAIL: 'smoke-staff@cuview.local',
  SMOKE_STAFF_PASSWORD: 'smoke-staff-password',
  SMOKE_VIEWER_EMAIL: 'smoke-viewer@cuview.local',
  SMOKE_VIEWER_PASSWORD: 'smoke-viewer-password',
};
const started = Date.now();
const times = [];
const replicasAt = process.argv.indexOf('--replicas');
const replicas = replicasAt > 0 ? Number(process.argv[replicasAt + 1]) : undefined;
if (replicas !== undefined && !(Number.isInteger(replicas) && replicas >= 1 && replicas <= 8)) {
  console.error('smoke: --replicas takes a whole number from 1 to 8');
  process.exit(2);
}

async function step(name, work) {
  const t0 = Date.now();
  process.stdout.write(`smoke: ${name} ...\n`);
  const result = await work();
  const seconds = (Date.now() - t0) / 1000;
  times.push([name, seconds]);
  console.log(`smoke: ${name}: ok in ${seconds.toFixed(1)} s${typeof result === 'string' ? ` (${result})` : ''}`);
  return result;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return result;
}

const works = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
if (!works('docker', ['info'])) {
  console.error('smoke: no Docker engine answers: run infra/docker/engine.sh (as root) first');
  process.exit(1);
}
// Compose v2 (`docker compose`) when installed, else Debian's docker-compose 1.29.
const compose = works('docker', ['compose', 'version']) ? ['docker', 'compose'] : ['docker-compose'];

/**
 * BuildKit builds a Dockerfile's independent stages side by side (the ffmpeg compile beside
 * `npm ci`), skips the stages a target does not use, and shares steps between builds running at
 * once; the legacy builder does each stage in turn. Compose v2 uses it by itself. Compose 1.29
 * uses it through the docker CLI (COMPOSE_DOCKER_CLI_BUILD): a CLI of Docker 23 or later needs
 * the buildx plugin for it, which Debian does not package, but Debian's own docker.io CLI (20.10)
 * has it built in. Returns the environment for compose, or undefined when no CLI here can.
 */
function buildKitEnv() {
  const probe = (docker) =>
    spawnSync(docker, ['build', '-q', '-'], {
      input: 'FROM scratch\nLABEL cuview.buildkit-probe=1\n',
      env: { ...process.env, DOCKER_BUILDKIT: '1' },
      stdio: ['pipe', 'ignore', 'ignore'],
    }).status === 0;
  const env = { ...process.env, DOCKER_BUILDKIT: '1', COMPOSE_DOCKER_CLI_BUILD: '1' };
  if (probe('docker')) return env;
  if (!existsSync('/usr/bin/docker') || !probe('/usr/bin/docker')) return undefined;
  // A folder whose `docker` is that CLI, first on the PATH of compose alone.
  const bin = mkdtempSync(path.join(tmpdir(), 'cuview-docker-cli-'));
  symlinkSync('/usr/bin/docker', path.join(bin, 'docker'));
  return { ...env, PATH: `${bin}:${process.env.PATH}` };
}
const buildEnv = compose[0] === 'docker' ? undefined : buildKitEnv();

/**
 * The ffmpeg compile is the longest step of a cold build and needs only the Debian base. With
 * BuildKit, the `ffmpeg` stage is started as soon as bases.sh has made that base, beside the
 * other bases; compose's build then finds it done, or joins the run in progress (BuildKit runs a
 * step once for every build that asks for it). Without BuildKit a second build would compile it
 * twice, so then it waits for compose as before.
 */
function startFfmpegStageEarly(image) {
  const started = Date.now();
  const build = spawn(
    'docker',
    [
      'build',
      '-q',
      '--target',
      'ffmpeg-out',
      '--build-arg',
      `DEBIAN_IMAGE=${image}`,
      '-f',
      'infra/docker/node.Dockerfile',
      '.',
    ],
    { cwd: root, env: buildEnv, stdio: 'ignore' },
  );
  return new Promise((resolve) =>
    build.on('close', (code) => resolve({ code, seconds: (Date.now() - started) / 1000 })),
  );
}

let ffmpegStage;
await step('base images', async () => {
  const bases = spawn(path.join(root, 'infra/docker/bases.sh'), [], { cwd: root, stdio: 'inherit' });
  const done = new Promise((resolve) => bases.on('close', resolve));
  const debian = 'cuview-base/debian:bookworm';
  let code;
  while ((code = await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2000))])) === undefined) {
    if (buildEnv && !ffmpegStage && works('docker', ['image', 'inspect', debian])) {
      ffmpegStage = startFfmpegStageEarly(debian);
      console.log(`smoke: the ffmpeg stage started on ${debian}, beside the other bases`);
    }
  }
  if (code !== 0) throw new Error(`infra/docker/bases.sh exited with ${code}`);
});
const envFile = path.join(root, 'infra/docker/bases.env');
const composeArgs = [...compose.slice(1), ...(existsSync(envFile) ? ['--env-file', envFile] : [])];
const dc = (args, options) => run(compose[0], [...composeArgs, ...args], options);
const dcOut = (args, options = {}) =>
  execFileSync(compose[0], [...composeArgs, ...args], { cwd: root, maxBuffer: 64 << 20, ...options });

async function waitFor(what, seconds, check) {
  const until = Date.now() + seconds * 1000;
  let last;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      if (error.fatal) throw error;
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what} not within ${seconds} s${last ? `: ${last.message}` : ''}`);
}

async function call(method, pathname, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.authorization = `JWT ${token}`;
  if (json) headers['content-type'] = 'application/json';
  const response = await fetch(`${API}${pathname}`, {
    method,
    headers,
    body: form ?? (json ? JSON.stringify(json) : undefined),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

function containersOf(service) {
  return dcOut(['ps', '-q', service]).toString().split('\n').filter(Boolean);
}

function addressOf(container) {
  return execFileSync('docker', [
    'inspect',
    '-f',
    '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}',
    container,
  ])
    .toString()
    .trim()
    .split(' ')[0];
}

/** The api addresses nginx sent the requests marked `mark` to (its access log names them). */
function upstreamsOf(mark) {
  const [web] = containersOf('web');
  const log = execFileSync('docker', ['logs', web], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  const found = new Set();
  for (const line of log.toString().split('\n')) {
    if (!line.includes(mark)) continue;
    const upstream = /upstream=([0-9.]+):\d+/.exec(line);
    if (upstream) found.add(upstream[1]);
  }
  return found;
}

function jobsStartedBy(container) {
  const log = execFileSync('docker', ['logs', container], { maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  return log
    .toString()
    .split('\n')
    .filter((line) => line.includes('"job started"')).length;
}

/** A playlist's text, after checking its status; `rendition` is its first variant's address. */
async function mediaText(address, status) {
  const response = await fetch(address);
  const text = await response.text();
  if (response.status !== status) throw new Error(`${address.replace(base, '')}: ${response.status}, not ${status}`);
  return { text, rendition: text.split('\n').find((line) => line && !line.startsWith('#')) };
}

// ffmpeg in the worker reads the ladder as a player does, through nginx (web:8080 inside the
// network is the same server as localhost:WEB_PORT outside), and decodes every frame.
function playThroughNginx(master) {
  const inside = master.replace(base, 'http://web:8080');
  dcOut([
    'exec',
    '-T',
    'worker',
    'ffmpeg',
    '-v',
    'error',
    '-i',
    inside,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    '-f',
    'null',
    '-',
  ]);
}

/** The master and a rendition playlist of the video while it was public. */
let publicAddresses = [];
try {
  await step('docker compose up --build', async () => {
    // With BuildKit every image builds at once (their shared steps run once); without it one
    // after another, as parallel legacy builds would each run `npm ci` and the ffmpeg compile.
    if (buildEnv) dc(['build', '--parallel'], { env: buildEnv });
    else dc(['build']);
    const scale = replicas === undefined ? [] : ['--scale', `api=${replicas}`, '--scale', `worker=${replicas}`];
    dc(['up', '-d', ...scale]);
    if (!buildEnv) return 'legacy builder: the images one after another';
    const early = ffmpegStage && (await ffmpegStage);
    return `BuildKit: the images built side by side${early ? `; the early ffmpeg stage ${early.code === 0 ? 'built' : 'failed (compose built it)'} in ${early.seconds.toFixed(0)} s` : ''}`;
  });
  await step('ready through nginx', async () => {
    await waitFor('the api through nginx', 180, async () => (await fetch(`${base}/readyz`)).ok);
    // The API reference's bundle is one file of a package whose dependencies the image drops.
    const docs = await fetch(`${API}/docs/scalar.js`);
    if (!docs.ok) throw new Error(`/cuviewTV/docs/scalar.js: ${docs.status}`);
    return `API reference bundle ${((await docs.arrayBuffer()).byteLength / 1e6).toFixed(1)} MB`;
  });
  const apis = containersOf('api');
  const workers = containersOf('worker');
  if (apis.length > 1) {
    await step(`each of the ${apis.length} api replicas answers through nginx`, async () => {
      // nginx logs the upstream of every request (nginx-main.conf); these requests are marked.
      const mark = `smoke-${Date.now()}`;
      const addresses = new Map(apis.map((id) => [addressOf(id), id.slice(0, 12)]));
      let seen = new Set();
      for (let i = 0; i < 60 && seen.size < addresses.size; i++) {
        const response = await fetch(`${base}/readyz?${mark}=${i}`);
        if (!response.ok) throw new Error(`/readyz through nginx: ${response.status}`);
        await response.arrayBuffer();
        if (i % 10 === 9) seen = upstreamsOf(mark);
      }
      seen = upstreamsOf(mark);
      const missing = [...addresses.keys()].filter((address) => !seen.has(address));
      if (missing.length > 0) throw new Error(`no request reached the api replica(s) at ${missing.join(', ')}`);
      return [...addresses].map(([address, id]) => `${id} at ${address}`).join(', ');
    });
  }
  const ids = await step('accounts and lookups', () =>
    JSON.parse(
      dcOut(
        [
          'exec',
          '-T',
          ...Object.entries(accounts).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
          'api',
          'node',
          '--input-type=module',
        ],
        {
          input: execFileSync('cat', [path.join(root, 'infra/docker/smoke-fixtures.mjs')]),
        },
      )
        .toString()
        .trim()
        .split('\n')
        .pop(),
    ),
  );
  const staff = await step('staff signs in', () =>
    call('POST', '/auth/jwt/create/', {
      json: { email: accounts.SMOKE_STAFF_EMAIL, password: accounts.SMOKE_STAFF_PASSWORD },
    }),
  );
  // A 10 s 720p clip with a tone, made by the worker image's ffmpeg (the host needs none).
  const clip = dcOut([
    'exec',
    '-T',
    'worker',
    'sh',
    '-c',
    'ffmpeg -v error -y -f lavfi -i testsrc2=size=1280x720:rate=25:duration=10 -f lavfi -i sine=frequency=440:duration=10 ' +
      '-c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest -movflags +faststart /tmp/smoke.mp4 && cat /tmp/smoke.mp4 && rm /tmp/smoke.mp4',
  ]);
  const jobsBefore = new Map(workers.map((id) => [id, jobsStartedBy(id)]));
  const upload = async (n) => {
    const file = new FormData();
    file.append('file', new Blob([clip], { type: 'video/mp4' }), 'smoke.mp4');
    const uploaded = await call('POST', '/upload_video/', { token: staff.access, form: file });
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title: `Smoke test ${new Date().toISOString()} #${n}`,
        description: 'infra/docker/smoke.mjs',
        yt_link: '',
        file_original_path_linux: uploaded.file_original_path_linux,
        duration: uploaded.duration,
        genres: [ids.genre],
        moods: [ids.mood],
        videoGenres: [ids.videoGenre],
        tags: [ids.tag],
        tracks: [{ track_id: ids.track, album_id: ids.album, position: 1, start_time: 0, end_time: uploaded.duration }],
        status: 1,
      }),
    );
    return (await call('POST', '/fill_video_info/', { token: staff.access, form })).id;
  };
  // One clip per worker replica, uploaded together, so each worker has one to take.
  const videoIds = await step(`staff uploads ${workers.length} clip(s) of ${(clip.length / 1e6).toFixed(1)} MB`, () =>
    Promise.all(workers.map((_, n) => upload(n + 1))),
  );
  const videoId = videoIds[0];
  await step(`video(s) ${videoIds.join(', ')} transcoded (Ready)`, () =>
    waitFor('Ready', 600, async () => {
      for (const id of videoIds) {
        const info = await call('GET', `/get_video_info/${id}/`, { token: staff.access });
        if (info.processing_state === 'failed') throw Object.assign(new Error(info.processing_error), { fatal: true });
        if (info.processing_state !== 'ready') return false;
      }
      return true;
    }),
  );
  if (workers.length > 1) {
    await step(`each of the ${workers.length} worker replicas took jobs`, () => {
      const taken = workers.map((id) => [id.slice(0, 12), jobsStartedBy(id) - jobsBefore.get(id)]);
      const idle = taken.filter(([, jobs]) => jobs === 0);
      if (idle.length > 0) throw new Error(`worker(s) ${idle.map(([id]) => id).join(', ')} took no job`);
      return taken.map(([id, jobs]) => `${id}: ${jobs} jobs`).join(', ');
    });
  }
  const viewer = await step('viewer signs in', () =>
    call('POST', '/auth/jwt/create/', {
      json: { email: accounts.SMOKE_VIEWER_EMAIL, password: accounts.SMOKE_VIEWER_PASSWORD },
    }),
  );
  await step('viewer plays it through nginx', async () => {
    const video = await call('GET', `/get_video/${videoId}/`, { token: viewer.access });
    const master = video.scripted_bunny_path;
    if (!master.startsWith(`${base}/media/`)) throw new Error(`the stream is not on MEDIA_PUBLIC_URL: ${master}`);
    const playlist = await (await fetch(master)).text();
    const variants = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    if (variants.length === 0) throw new Error(`no variant in ${master}`);
    playThroughNginx(master);
    publicAddresses = [master, new URL(variants[0], master).href];
    return `${variants.length} renditions, ${master.replace(base, '')}`;
  });
  await step('viewer runs an analysis', async () => {
    const answer = await call('GET', `/get_analyze_info/${videoId}/5/0/`, { token: viewer.access });
    return JSON.stringify(answer).slice(0, 200);
  });
  await step('staff switches the video off', async () => {
    const info = await call('GET', `/get_video_info/${videoId}/`, { token: staff.access });
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title: info.title,
        description: info.description,
        yt_link: info.yt_link ?? '',
        genres: [ids.genre],
        moods: [ids.mood],
        videogenres: [ids.videoGenre],
        tags: [ids.tag],
        status: 0,
      }),
    );
    await call('PUT', `/edit_video_info/${videoId}/`, { token: staff.access, form });
  });
  await step('viewer cannot play it', async () => {
    const video = await fetch(`${API}/get_video/${videoId}/`, { headers: { authorization: `JWT ${viewer.access}` } });
    if (video.status !== 404) throw new Error(`get_video of a video switched off: ${video.status}, not 404`);
    // Not by the address the viewer had either: nginx asks the api (its answer kept 1 s per video).
    const t0 = Date.now();
    for (const address of publicAddresses) {
      for (;;) {
        const response = await fetch(address);
        await response.arrayBuffer();
        if (response.status === 404) break;
        if (Date.now() - t0 > 2500) throw new Error(`${address.replace(base, '')}: ${response.status}, not 404`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return `get_video 404, its master playlist and a rendition 404 through nginx (after ${Date.now() - t0} ms)`;
  });
  await step('staff plays it through its signed address', async () => {
    const info = await call('GET', `/get_video_info/${videoId}/`, { token: staff.access });
    const signed = info.scripted_bunny_path;
    if (!signed.startsWith(`${base}/media/s/`)) throw new Error(`not a signed MEDIA_PUBLIC_URL address: ${signed}`);
    await mediaText(signed, 200);
    playThroughNginx(signed);
    // A signature changed by one character, or one made for another video, opens nothing.
    const forged = signed.replace(/\/s\/(\d+)\/(.)/, (_, expires, c) => `/s/${expires}/${c === 'A' ? 'B' : 'A'}`);
    const elsewhere = signed.replace(
      `/hls/${videoId}/`,
      `/hls/${videoIds.at(-1) === videoId ? videoId + 1 : videoIds.at(-1)}/`,
    );
    for (const address of [forged, elsewhere]) {
      const response = await fetch(address);
      if (response.status !== 403) throw new Error(`${address.replace(base, '')}: ${response.status}, not 403`);
    }
    return `${signed.replace(base, '').slice(0, 60)}..., decoded to the end; forged signatures 403`;
  });
  console.log('\nsmoke: every step passed');
} catch (error) {
  console.error(`\nsmoke: FAILED: ${error.message}`);
  spawnSync(compose[0], [...composeArgs, 'ps'], { cwd: root, stdio: 'inherit' });
  spawnSync(compose[0], [...composeArgs, 'logs', '--tail', '30', 'api', 'worker', 'web'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exitCode = 1;
} finally {
  for (const [name, seconds] of times) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log(`  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  total`);
  if (process.argv.includes('--down')) {
    spawnSync(compose[0], [...composeArgs, 'down', '--volumes', '--remove-orphans'], { cwd: root, stdio: 'inherit' });
  } else {
    console.log(
      `smoke: the stack is still up on ${base}; stop it with: ${[...compose, ...composeArgs].join(' ')} down --volumes`,
    );
  }
}
