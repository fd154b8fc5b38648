import { ensureTemplate } from './services.js';

// Run by global-setup.mjs in a child process (Jest's global setup cannot load the TS libs).
await ensureTemplate(process.env.DATABASE_URL!);
