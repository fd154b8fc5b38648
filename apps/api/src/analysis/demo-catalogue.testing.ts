// The demo catalogue as `npm start` seeds it, for tests that need the real demo: the one place
// that knows where the seed lives.
export { fullProfile, smallProfile, type DemoProfile } from '../../../../libs/db/src/seed/demo/catalogue.js';
export { seedDemoCatalogue } from '../../../../libs/db/src/seed/seed.js';
export { JobQueue } from '../../../../libs/db/src/seed/services.js';
