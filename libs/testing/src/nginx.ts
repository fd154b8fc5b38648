import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The web image's server block (and its http-level media caches), as the containers run it. */
export const PRODUCT_NGINX_CONF = resolve('infra/docker/nginx.conf');

/** Debian's nginx (`apt-get install nginx-light`): the tests and benches run it on the host. */
export function nginxBinary(): string {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!binary) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  return binary;
}

export async function freeLocalPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

export interface HostNginxOptions {
  /** The api nginx forwards to, `http://127.0.0.1:{port}`. */
  apiUrl: string;
  /** A local storage folder (STORAGE_DIR): a second server in the same nginx plays the S3 store. */
  storageDir: string;
  /** nginx's port; a free one when left out. */
  port?: number;
  /** What the SPA's root serves; an empty folder when left out. */
  webRoot?: string;
  /**
   * false: the api is asked for every file (no cache of its answers), to measure what the cache
   * saves (npm run bench:stream). The configuration as shipped by default.
   */
  accessCache?: boolean;
}

export interface HostNginx {
  /** `http://127.0.0.1:{port}`: `/media/…` is MEDIA_PUBLIC_URL's path. */
  base: string;
  /** The configuration nginx runs (for `nginx -t` and for reading in a failure). */
  configPath: string;
  /** Master and worker processes, for CPU accounting. */
  pids: () => number[];
  /** nginx's error log so far. */
  errors: () => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * infra/docker/nginx.conf with its host-specific lines (marked `# host: {what}`) replaced, so
 * everything else (the media locations, the access check and its cache) runs as in the image.
 * Throws when a marked line is missing, so the file and its tests cannot drift apart.
 */
export function renderForHost(
  text: string,
  values: { dir: string; port: number; apiPort: number; storePort: number; webRoot: string },
): string {
  const replacements: Record<string, (line: string) => string> = {
    cache: (line) => line.replace('/var/cache/nginx/', `${values.dir}/cache/`),
    listen: () => `  listen 127.0.0.1:${values.port};`,
    resolver: () => '',
    api: () => `  set $api_upstream 127.0.0.1:${values.apiPort};`,
    store: () => `  set $media_store 127.0.0.1:${values.storePort};`,
    root: () => `  root ${values.webRoot};`,
  };
  const seen = new Set<string>();
  const lines = text.split('\n').map((line) => {
    const mark = /# host: (\w+)$/.exec(line)?.[1];
    if (!mark) return line;
    const replace = replacements[mark];
    if (!replace) throw new Error(`nginx.conf: unknown host mark "${mark}"`);
    seen.add(mark);
    return replace(line.replace(/\s*# host: \w+$/, ''));
  });
  const missing = Object.keys(replacements).filter((mark) => !seen.has(mark));
  if (missing.length > 0) throw new Error(`nginx.conf: no line marked # host: ${missing.join(', ')}`);
  return lines.join('\n');
}

/**
 * Runs the product's nginx configuration on the host in front of `apiUrl`, with the files of
 * `storageDir` served path-style under the bucket as the S3 store would (`/cuview/{key}`).
 */
export async function startHostNginx(options: HostNginxOptions): Promise<HostNginx> {
  nginxBinary();
  const dir = await mkdtemp(join(tmpdir(), 'cuview-nginx-'));
  await mkdir(join(dir, 'cache'));
  const webRoot = options.webRoot ?? join(dir, 'html');
  await mkdir(webRoot, { recursive: true });
  const port = options.port ?? (await freeLocalPort());
  const storePort = await freeLocalPort();
  const apiPort = Number(new URL(options.apiUrl).port);
  let server = renderForHost(await readFile(PRODUCT_NGINX_CONF, 'utf8'), { dir, port, apiPort, storePort, webRoot });
  if (options.accessCache === false) {
    if (!server.includes('proxy_cache media_access;')) throw new Error('nginx.conf: no proxy_cache media_access');
    server = server.replace('proxy_cache media_access;', 'proxy_cache off;');
  }
  const bucket = /set \$media_bucket (\w+);/.exec(server)?.[1];
  if (!bucket) throw new Error('nginx.conf: no $media_bucket');
  const config = hostNginxConfig(
    dir,
    `
  # The S3 store's part: objects path-style under the bucket, with their content types.
  server {
    listen 127.0.0.1:${storePort};
    location /${bucket}/ {
      alias ${options.storageDir.replace(/\/+$/, '')}/;
      types { application/vnd.apple.mpegurl m3u8; video/iso.segment m4s; video/mp4 mp4; audio/mp4 m4a; text/vtt vtt; }
    }
  }
${server}`,
  );
  const base = `http://127.0.0.1:${port}`;
  return { base, ...(await runHostNginx(dir, config, base)) };
}

/**
 * A whole nginx configuration for a run on the host around `http` (server blocks and http-level
 * directives): files in `dir`, keep-alive and sendfile as a streaming server uses them.
 */
export function hostNginxConfig(dir: string, http: string): string {
  // As root, the workers would run as nobody and could not write the caches in this folder.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  return `
${user}
worker_processes auto;
worker_rlimit_nofile 16384;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  keepalive_timeout 75s;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/**
 * Checks `config` with `nginx -t`, runs it (files in `dir`, removed by stop) and waits until
 * `base` answers.
 */
export async function runHostNginx(dir: string, config: string, base: string): Promise<Omit<HostNginx, 'base'>> {
  const binary = nginxBinary();
  const configPath = join(dir, 'nginx.conf');
  await writeFile(configPath, config);
  const check = spawnSync(binary, ['-t', '-q', '-c', configPath, '-p', dir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(binary, ['-c', configPath, '-p', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/nginx-healthz`);
      break;
    } catch (error) {
      if (i === 100 || child.exitCode !== null) throw new Error(`nginx did not start: ${String(error)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    configPath,
    pids: () => {
      const out = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).stdout;
      return [child.pid!, ...out.split('\n').filter(Boolean).map(Number)];
    },
    errors: () => readFile(join(dir, 'error.log'), 'utf8').catch(() => ''),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
