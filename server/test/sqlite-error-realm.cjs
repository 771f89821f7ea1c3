/**
 * Gives better-sqlite3's native addon the SqliteError class of the test file about to run.
 *
 * better-sqlite3 tells its addon once per process which class to throw (lib/database.js: if the addon is
 * not `isInitialized`, `setErrorConstructor(SqliteError)`), and Node loads a native addon once per process.
 * Jest runs each test file in a realm of its own (its own globals, Error included, and module registry)
 * but loads `.node` files with Node's own require, so every later file in the same worker shares the addon
 * of the first one, and the addon throws the first file's SqliteError. In a later file a database's refusal
 * (a trigger's RAISE, a constraint) is then not `instanceof Error`, and `expect(...).rejects.toThrow()`
 * reports it as "did not throw" although the statement was refused: units-sold.test.ts failed that way
 * after any other file that opened SQLite. A server process has one realm and one SqliteError, so this
 * only concerns the tests. Registered in jest.config.cjs `setupFiles`, which run in each file's realm.
 */
const path = require('node:path');

const packageDir = path.dirname(require.resolve('better-sqlite3/package.json'));
const { SqliteError } = require('better-sqlite3');
// The addon exactly as better-sqlite3 finds it, so Node's cache hands back the same object.
const addon = require(require.resolve('bindings', { paths: [packageDir] }))({ bindings: 'better_sqlite3.node', module_root: packageDir });
addon.setErrorConstructor(SqliteError);
addon.isInitialized = true;
