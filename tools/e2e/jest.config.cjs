/** Browser tests: the real built shell and remotes, each on its own origin, and the real API. */
const withEsmPackages = require('../jest/esm-packages.cjs');

module.exports = withEsmPackages(
  {
    ...require('../../jest.preset.cjs'),
    rootDir: __dirname,
    testMatch: ['<rootDir>/**/*.test.ts'],
    testTimeout: 120_000,
    // Files run in parallel, each with its own stack on its worker's ports (ports.ts): much of a browser
    // test is waiting (for the API, a render, a timer), so two workers overlap it even on two cores.
    maxWorkers: Number(process.env.E2E_WORKERS || 2),
    // The walks through every screen start first, so neither worker ends the run alone with one.
    testSequencer: '<rootDir>/walks-first.cjs',
    // With E2E_REHEARSAL=1 (CI), the short production rehearsal runs beside the files (rehearsal-beside.cjs).
    globalSetup: '<rootDir>/rehearsal-beside.cjs',
    globalTeardown: '<rootDir>/rehearsal-beside-finish.cjs',
    // Every test fails on a Content-Security-Policy violation in its pages (csp-check.ts).
    setupFilesAfterEnv: ['<rootDir>/csp-check.ts'],
  },
  ['content-disposition', '@scure/base', '@noble/hashes'],
);
