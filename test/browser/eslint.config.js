// Lint rules of the browser journeys (ESLint finds the config nearest to each file; the root
// one skips .mjs files). Type-aware, so that a Playwright call missing its `await`, which
// would let a journey pass without checking anything, is an error.
import tseslint from 'typescript-eslint';

export default tseslint.config({
  files: ['**/*.mjs', '**/*.js'],
  extends: [tseslint.configs.recommended],
  languageOptions: {
    parserOptions: {
      projectService: true,
      tsconfigRootDir: import.meta.dirname,
    },
  },
  rules: {
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/no-misused-promises': 'error',
    '@typescript-eslint/await-thenable': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  },
});
