import { loadConfigOrExit } from '@app/config';
import { createApiApp } from './bootstrap.js';

const config = loadConfigOrExit();
const app = await createApiApp(config);
await app.listen(config.PORT, '0.0.0.0');
console.log(`api listening on http://127.0.0.1:${config.PORT}`);
