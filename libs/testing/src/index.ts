export * from './services.js';
export * from './api.js';
export * from './factories.js';
export * from './token.js';
export * from './tcp-proxy.js';
export * from './nginx.js';
export * from './hls.js';
