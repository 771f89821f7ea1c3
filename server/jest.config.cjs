const path = require('path');
const withEsmPackages = require('../tools/jest/esm-packages.cjs');
const preset = require('../jest.preset.cjs');

module.exports = withEsmPackages(
  {
    ...preset,
    // Each test file's own SqliteError for better-sqlite3's addon, shared by the files of a worker (see the file).
    setupFiles: [...preset.setupFiles, path.join(__dirname, 'test/sqlite-error-realm.cjs')],
    testTimeout: 30000,
    // The production build, once per run, for the tests that start the API or the CLI as a process.
    globalSetup: path.join(__dirname, 'test/server-build.cjs'),
    globalTeardown: path.join(__dirname, 'test/server-teardown.cjs'),
  },
  ['kysely', 'cookie', 'typebox', 'content-disposition', '@scure/base', '@noble/hashes'],
);
