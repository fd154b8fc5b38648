// Lint rules of the browser journeys: the hostile suite's (type-aware, so that a Playwright call
// missing its `await`, which would let a journey pass without checking anything, is an error).
export { default } from '../hostile/eslint.config.js';
