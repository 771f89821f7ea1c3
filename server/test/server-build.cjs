/**
 * Jest's global setup and teardown for the server tests: the production build (scripts/build.mjs) made
 * once per run, in a folder of the run's own under server/ (the bundle resolves its npm packages from
 * server/node_modules upwards; server/dist stays nx's, which may be rebuilding it meanwhile). Tests that
 * start the API or the operator CLI as a fresh process run it (test/server-build.ts), with plain node as
 * operators do: a start from the bundle takes a fraction of compiling the sources through tsx.
 * The teardown also drops the run's copies of the migrated schema (test/helpers.ts, `open({ migrated })`).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');

const folder = path.join(__dirname, '..', '.test-build', String(process.pid));

module.exports = async function buildServerOnce() {
  execFileSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'build.mjs'), '--outdir', folder], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Workers start after this and inherit both.
  process.env.RIGSHARE_SERVER_BUILD = folder;
  // Unique to this run, so no copy of a schema left by a run that crashed is taken for this one's.
  process.env.RIGSHARE_TEST_RUN = `${process.pid}${Math.random().toString(36).slice(2, 8)}`;
};

module.exports.teardown = async function removeBuild() {
  fs.rmSync(folder, { recursive: true, force: true });
  const run = process.env.RIGSHARE_TEST_RUN;
  for (const file of fs.readdirSync(os.tmpdir())) {
    if (file.startsWith(`rigshare-schema_${run}_`)) fs.rmSync(path.join(os.tmpdir(), file), { force: true });
  }
  if (process.env.DATABASE_URL) {
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [`rigshare\\_schema\\_${run}\\_%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
};
