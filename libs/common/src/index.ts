export * from './http-exception.filter.js';
export * from './validation.pipe.js';
export * from './request-shape.js';
