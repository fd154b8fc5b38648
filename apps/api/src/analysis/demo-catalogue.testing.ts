// The demo catalogue as `npm start` seeds it, for tests that need the real demo: the one place
// that knows where the seed lives.
export { fullProfile, smallProfile, type DemoProfile, seedDemoCatalogue, JobQueue } from '@app/catalogue-seed';
