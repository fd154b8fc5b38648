export * from './entities/index.js';
export * from './data-source.js';
export * from './naming-strategy.js';
export { facetKeyRows } from './migrations/1795760000000-FilterFacetKeys.js';
