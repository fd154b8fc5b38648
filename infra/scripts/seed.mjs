// `npm run seed [-- --if-empty | --reset] [--small]`: the demo catalogue (libs/catalogue-seed/src/cli/seed.ts).
import { runTool } from './run-tool.mjs';

runTool('dist/libs/catalogue-seed/src/cli/seed.js', process.argv.slice(2));
