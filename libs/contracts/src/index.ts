export * from './enums.js';
export * from './jobs.js';
export * from './defaults.js';
export * from './auth.js';
export * from './analysis.js';
export * from './enqueue.js';
export * from './job-queues.js';
export * from './search.js';
