// `npm run seed [-- --if-empty | --reset] [--small]`: the demo catalogue (libs/db/src/seed/main.ts).
import { runTool } from './run-tool.mjs';

runTool('dist/libs/db/src/seed/main.js', process.argv.slice(2));
