import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const tracker = process.env.TRACKER_URL ?? api;

/**
 * Writes dist/.vite/chunks.json (chunk file -> module ids and sizes) so scripts/check-bundle.mjs can
 * prove which source modules a chunk holds (for example: no admin module on the landing page).
 */
function chunkModules(): Plugin {
  return {
    name: 'cuview-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = fileURLToPath(new URL('.', import.meta.url));
      // chunk file -> { module id: rendered bytes }
      const map: Record<string, Record<string, number>> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        map[item.fileName] = Object.fromEntries(
          item.moduleIds.map((id) => [id.replace(root, ''), item.modules[id]?.renderedLength ?? 0]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(map, null, 1) });
    },
  };
}

/**
 * Writes a Brotli and a gzip copy beside every script, style sheet and SVG of the build, which
 * the api serves to browsers that accept them (@fastify/static preCompressed): the landing
 * page's JavaScript crosses the network at about a third of its size, compressed once at its
 * best level instead of on every request.
 */
function precompress(): Plugin {
  return {
    name: 'cuview-precompress',
    apply: 'build',
    // After the files are written: earlier, chunks still hold placeholders Vite fills in last.
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const file = join(options.dir!, fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), chunkModules(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/cuviewTV': { target: api, changeOrigin: true },
      '/share': { target: api, changeOrigin: true },
      // The tracking service is a separate host in production; in development it is reached
      // through the same proxy (TRACKER_URL overrides the target).
      '/tracker': { target: tracker, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/cuviewTV': { target: api, changeOrigin: true },
      '/share': { target: api, changeOrigin: true },
      '/tracker': { target: tracker, changeOrigin: true },
    },
  },
});
