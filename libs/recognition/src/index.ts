// @app/recognition: content recognition engines, pure TypeScript (no framework, no I/O).
export * from './fingerprint/fingerprint.js';
export * from './fingerprint/index-store.js';
export * from './fingerprint/matcher.js';
export * from './fingerprint/packed-postings.js';
export * from './fingerprint/scale-search.js';
export * from './watermark/watermark.js';
export { downmix } from './dsp/resample.js';
