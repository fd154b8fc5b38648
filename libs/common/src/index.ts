export * from './http-exception.filter.js';
export * from './framework-errors.js';
export * from './retry-later.exception.js';
export * from './validation.pipe.js';
export * from './password-hasher.js';
export * from './dependency-outage.js';
export * from './readiness.js';
export * from './request-shape.js';
