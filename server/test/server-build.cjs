/**
 * Jest's global setup and teardown for the server tests: the production build (scripts/build.mjs) made
 * once per run, in a folder of the run's own under server/ (the bundle resolves its npm packages from
 * server/node_modules upwards; server/dist stays nx's, which may be rebuilding it meanwhile). Tests that
 * start the API or the operator CLI as a fresh process run it (test/server-build.ts), with plain node as
 * operators do: a start from the bundle takes a fraction of compiling the sources through tsx.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const folder = path.join(__dirname, '..', '.test-build', String(process.pid));

module.exports = async function buildServerOnce() {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build.mjs'), '--outdir', folder], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Workers start after this and inherit it.
  process.env.RIGSHARE_SERVER_BUILD = folder;
};

module.exports.teardown = async function removeBuild() {
  fs.rmSync(folder, { recursive: true, force: true });
};
