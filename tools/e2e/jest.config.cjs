/** Browser tests: the real built shell and remotes, each on its own origin, and the real API. */
module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.test.ts'],
  testTimeout: 120_000,
};
