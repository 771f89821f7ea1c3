/**
 * npm run bench:web-ab -- <shell build A> <shell build B> [--runs N] [--page home|login] [--port P] [--scripts]
 *
 * Two builds of the shell, one load of each in turn (B first in odd rounds, A first in even ones), so
 * that a machine whose speed moves from one minute to the next moves both alike: what a change to the
 * first load buys, where bench:web's medians of separate runs differ more by the minute than by the
 * change. Each build is a copy of `shell/dist` (cp -a shell/dist /tmp/a after building one, then the
 * other); the remotes are the ones built in place. Each load is home (the demo member coming back,
 * default) or login in a fresh context, no HTTP cache, CPU slowed 4x for real, untraced: the page's own
 * long-task entries give each task of 50 ms or more, then the blocking time (each task's part over
 * 50 ms) and the longest task. `--scripts` adds the scripts of each long animation frame over 100 ms.
 * Prints the medians per build and the machine's speed before and after. `shell/dist` is put back as
 * it was.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PHONE } from '../e2e/browser';
import { distOf } from '../src/topology';
import { machineLine } from './machine';
import { memberComingBack, startWebBench } from './web-serve';

const argValue = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
/** The options that take a value; every other word that is not an option names a build. */
const VALUED = ['--runs', '--page', '--port'];
const [buildA, buildB] = process.argv.slice(2).filter((arg, i, all) => !arg.startsWith('--') && !VALUED.includes(all[i - 1] ?? ''));
const RUNS = Number(argValue('runs', '6'));
const PAGE = argValue('page', 'home');
const PORT = Number(argValue('port', '4842'));
const SCRIPTS = process.argv.includes('--scripts');
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** Long enough for the remotes, the API calls and the effects they start, at a quarter of the speed. */
const SETTLE_MS = 7000;

const SHELL_DIST = distOf('shell');
const useBuild = (dir: string) => execFileSync('rsync', ['-a', '--delete', `${dir}/`, `${SHELL_DIST}/`]);

interface Load {
  tasks: number[];
  frames: string[];
}

/** Runs in the page before its own scripts: collects its long tasks and, for long frames, their scripts. */
function watchLongTasks() {
  const seen = { tasks: [] as number[], frames: [] as string[] };
  (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.tasks.push(Math.round(entry.duration)))).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) =>
    list.getEntries().forEach((entry) => {
      if (entry.duration <= 100) return;
      const scripts = (entry as unknown as { scripts: { sourceURL: string; invoker: string; duration: number }[] }).scripts;
      seen.frames.push(`${Math.round(entry.duration)} ms: ${scripts.map((s) => `${s.invoker.slice(0, 40)} (${s.sourceURL.split('/').pop()}) ${Math.round(s.duration)} ms`).join(', ')}`);
    }),
  ).observe({ type: 'long-animation-frame', buffered: true });
}

const blocking = (tasks: number[]) => tasks.reduce((sum, task) => sum + Math.max(0, task - LONG_TASK_MS), 0);
const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  if (!buildA || !buildB) throw new Error('usage: npm run bench:web-ab -- <shell build A> <shell build B> [--runs N] [--page home|login]');
  if (PAGE !== 'home' && PAGE !== 'login') throw new Error(`--page takes home or login, got ${PAGE}`);
  const original = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-web-ab-'));
  execFileSync('rsync', ['-a', `${SHELL_DIST}/`, `${original}/`]);
  useBuild(buildA);
  const { origin, browser, stop } = await startWebBench(PORT, 'bench-web-ab');
  try {
    const session = PAGE === 'home' ? await memberComingBack(browser, origin) : undefined;

    console.log(`Machine: ${machineLine()}`);
    const loads: Record<'A' | 'B', Load[]> = { A: [], B: [] };
    for (let round = 1; round <= RUNS; round++) {
      for (const build of round % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        useBuild(build === 'A' ? buildA : buildB);
        const context = await browser.newContext({ viewport: PHONE.viewport, storageState: session });
        try {
          const page = await context.newPage();
          await page.addInitScript(watchLongTasks);
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
          await page.goto(`${origin}/#/${PAGE === 'home' ? 'index' : 'user/login'}`);
          await page.waitForTimeout(SETTLE_MS);
          const load = await page.evaluate(() => (window as unknown as { __longTasks: Load }).__longTasks);
          loads[build].push(load);
          console.log(`${build}, round ${round}: blocking ${blocking(load.tasks)} ms, longest ${Math.max(0, ...load.tasks)} ms; tasks ${load.tasks.join(' ')}`);
          if (SCRIPTS) for (const frame of load.frames) console.log(`    ${frame}`);
        } finally {
          await context.close();
        }
      }
    }
    console.log(`\nMachine after the runs: ${machineLine()}`);
    for (const build of ['A', 'B'] as const) {
      const runs = loads[build];
      console.log(
        `${build} (${build === 'A' ? buildA : buildB}), ${PAGE}, ${runs.length} loads at ${CPU_SLOWDOWN}x: blocking median ${median(runs.map((l) => blocking(l.tasks)))} ms; ` +
          `longest task median ${median(runs.map((l) => Math.max(0, ...l.tasks)))} ms, max ${Math.max(...runs.map((l) => Math.max(0, ...l.tasks)))} ms`,
      );
    }
  } finally {
    await stop();
    useBuild(original);
    fs.rmSync(original, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
