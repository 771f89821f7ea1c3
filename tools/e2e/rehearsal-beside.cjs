/**
 * With E2E_REHEARSAL=1 (CI sets it, .ci/run), the short production rehearsal (`npm run rehearsal --
 * --short --no-build`: its own fleet, PostgreSQL and Redis on ports 18 000 and up) runs beside the browser
 * files rather than after them. The browser files leave a slow VM's CPU 15-35 % idle and the rehearsal is
 * load at a fixed rate (15-20 % of it), so beside them it costs little of the two minutes it took after
 * them (docs/performance.md, "CI"). Its output goes to a file, printed when the browser files are done;
 * the run fails when the rehearsal does.
 *
 * Jest runs `start` as the global setup and `finish` (rehearsal-beside-finish.cjs) as the global teardown,
 * in one process: `start` leaves the running rehearsal on globalThis for `finish`.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

module.exports = async function start() {
  if (process.env.E2E_REHEARSAL !== '1') return;
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-rehearsal-beside-')), 'rehearsal.log');
  const output = fs.openSync(log, 'w');
  const child = spawn('npm', ['run', 'rehearsal', '--', '--short', '--no-build'], { cwd: ROOT, stdio: ['ignore', output, output] });
  fs.closeSync(output);
  const startedAt = Date.now();
  const ended = new Promise((resolve) => {
    child.once('error', (error) => resolve({ failed: `could not start: ${error.message}`, at: Date.now() }));
    child.once('exit', (code, signal) => resolve({ failed: code === 0 ? null : (signal ?? `exit ${code}`), at: Date.now() }));
  });
  globalThis.rigshareRehearsal = { log, startedAt, ended };
  console.log(`\nThe short rehearsal runs beside the browser tests; its output: ${log}`);
};

module.exports.finish = async function finish() {
  const rehearsal = globalThis.rigshareRehearsal;
  if (!rehearsal) return;
  const { failed, at } = await rehearsal.ended;
  const took = Math.round((at - rehearsal.startedAt) / 1000);
  console.log(`\n== the short rehearsal, run beside the browser tests: ${took} s ==`);
  console.log(fs.readFileSync(rehearsal.log, 'utf8'));
  if (failed) throw new Error(`The short rehearsal failed (${failed}); its output is above and in ${rehearsal.log}`);
};
