import { loadConfigOrExit } from '@app/config';
import { createTrackerApp } from './bootstrap.js';

const config = loadConfigOrExit();
const app = await createTrackerApp(config);
await app.listen(config.TRACKER_PORT, '0.0.0.0');
console.log(`tracker listening on http://127.0.0.1:${config.TRACKER_PORT}`);
