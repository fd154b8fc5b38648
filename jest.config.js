// Server-side tests run in Jest's ESM mode (NestJS 12 is ESM-only), compiled by swc.
const aliases = {
  '^@app/(contracts|db|catalogue-seed|media|recognition|testing|config|common)$': '<rootDir>/libs/$1/src/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
  // ESM-only package required by @fastify/static; see the shim for why.
  '^content-disposition$': '<rootDir>/libs/testing/src/jest/content-disposition.cjs',
};

const swc = [
  '@swc/jest',
  {
    // .swcrc excludes *.spec.ts from the build; the tests must not inherit that.
    swcrc: false,
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  rootDir: '.',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: aliases,
  transform: { '^.+\\.ts$': swc },
  testEnvironment: 'node',
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/web/'],
};

export default {
  // Integration tests wait on real Postgres, Redis and ffmpeg on a 2-core machine. (A
  // project-level testTimeout is ignored by Jest, so it is set here for all.)
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts', '<rootDir>/test/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.mjs',
    },
  ],
};
