/** Browser tests: the real built shell and remotes, each on its own origin, and the real API. */
const withEsmPackages = require('../jest/esm-packages.cjs');

module.exports = withEsmPackages(
  {
    ...require('../../jest.preset.cjs'),
    rootDir: __dirname,
    testMatch: ['<rootDir>/**/*.test.ts'],
    testTimeout: 120_000,
  },
  ['content-disposition', '@scure/base', '@noble/hashes'],
);
