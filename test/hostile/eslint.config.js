// Lint rules of the hostile suite (ESLint finds the config nearest to each file; the root
// one skips .mjs files). Type-aware, so that a request missing its `await`, which would let a
// case pass without checking anything, is an error.
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
    // node:test's test() and describe() return promises the runner itself waits for.
    '@typescript-eslint/no-floating-promises': [
      'error',
      { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe'] }] },
    ],
    '@typescript-eslint/no-misused-promises': 'error',
    '@typescript-eslint/await-thenable': 'error',
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  },
});
