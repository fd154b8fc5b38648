/** Injection tokens for values that have no class of their own. */
export const LOGGER = Symbol('LOGGER');
export const REDIS = Symbol('REDIS');
export const STORAGE = Symbol('STORAGE');
