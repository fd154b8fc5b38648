export * from './http-exception.filter.js';
export * from './validation.pipe.js';
