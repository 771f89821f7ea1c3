const path = require('path');
const withEsmPackages = require('../tools/jest/esm-packages.cjs');
const preset = require('../jest.preset.cjs');

// Passwords and PINs hashed at scrypt N = 2^10 rather than the deployed 2^14: the same code at a sixteenth
// of the CPU, for the thousands of members these files register and sign in (src/security/password.ts).
// Set here, before the workers start, so they and every API or CLI process a test starts inherit it;
// operations.test.ts checks the deployed cost, and a production start refuses this one.
process.env.PASSWORD_HASH_COST ??= '10';

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
