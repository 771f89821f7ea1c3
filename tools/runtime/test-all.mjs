/**
 * `npm test`: the builds, then the browser tests with the other checks beside them.
 *
 * 1. `nx run-many -t build`: every app and the server, which the browser tests serve.
 * 2. At once, side by side:
 *    - the browser tests (`nx run @rigshare/tools:e2e`), in the foreground, printing as they go;
 *    - lint, typecheck, the unit and screen tests and the server tests (`nx run-many -t lint typecheck
 *      test`), at a lower CPU priority (nice 10), their output kept in a file and printed when they end.
 *
 * Why: the browser tests wait much of their time (on the API, a render, a timer) and leave a fifth to a
 * third of two cores idle; the checks are CPU work that no browser test waits on, so beside them they use
 * that idle CPU instead of running before them. The lower priority gives the browser tests the CPU first
 * when both want it, so their waits see the machine as before (docs/performance.md, "CI").
 * The two share nothing they write: the server tests build the server into a folder of their own and
 * start their processes on ports the system picks; the browser tests' stacks use their workers' fixed
 * ports and Redis servers of their own.
 *
 * Each part's time is printed; the run fails when either part fails, after both have ended.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nx = path.join(root, 'node_modules', '.bin', 'nx');
const CHECKS_NICENESS = '10';

/** Runs `command` to its end; resolves with its exit code (1 when it could not start or was killed). */
function run(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

async function timed(label, work) {
  const started = Date.now();
  const code = await work();
  console.log(`\n== ${label}: ${minutes(Date.now() - started)}${code === 0 ? '' : ` (exit ${code})`} ==`);
  return code;
}

const built = await timed('builds', () => run(nx, ['run-many', '-t', 'build']));
if (built !== 0) process.exit(built);

const checksLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-checks-')), 'checks.log');
const checksOutput = fs.openSync(checksLog, 'w');
console.log(`\nLint, typecheck, unit and server tests run beside the browser tests (nice ${CHECKS_NICENESS}); their output: ${checksLog}`);
const checks = timed('lint, typecheck, unit and server tests, beside the browser tests', () =>
  run('nice', ['-n', CHECKS_NICENESS, nx, 'run-many', '-t', 'lint', 'typecheck', 'test'], { stdio: ['ignore', checksOutput, checksOutput] }),
);
fs.closeSync(checksOutput);

const browser = await timed('browser tests', () => run(nx, ['run', '@rigshare/tools:e2e']));
const checked = await checks;
console.log(`\n== lint, typecheck, unit and server tests: their output ==`);
console.log(fs.readFileSync(checksLog, 'utf8'));
process.exit(browser !== 0 ? browser : checked);
