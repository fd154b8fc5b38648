// `npm run import:albums -- <folder>`: imports the audio files under a folder as albums
// (libs/catalogue-seed/src/cli/import-albums.ts).
import path from 'node:path';
import { runTool } from './run-tool.mjs';

// npm runs scripts from the repository root; a relative folder means where the person typed it.
const from = process.env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2).map((arg) => (arg.startsWith('-') ? arg : path.resolve(from, arg)));
runTool('dist/libs/catalogue-seed/src/cli/import-albums.js', args);
