import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The screens run in a browser: tests use the client's browser build (XMLHttpRequest,
      // localStorage), not the Node one the package's main field names.
      'tus-js-client': fileURLToPath(
        new URL('../node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url),
      ),
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 15000,
    // The machine is shared by several helpers: keep the worker count low.
    maxWorkers: 2,
  },
});
