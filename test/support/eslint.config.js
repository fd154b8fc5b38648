// Lint rules of the helpers shared by the browser stack, the hostile suite and the fault drill:
// the hostile suite's (type-aware, so that a call missing its `await` is an error).
export { default } from '../hostile/eslint.config.js';
