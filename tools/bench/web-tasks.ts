/**
 * npm run bench:web-tasks -- [--page home|login] [--runs N] [--simulate] [--no-samples] [--skip-build] [--top K] [--port P]
 *
 * Where the main thread's long tasks go on a first load, the part of bench:web's Total Blocking Time
 * that Lighthouse reports only as "other". Builds the shell and the remotes for production without
 * minifying (MINIFY=false: the same code, and its functions keep their names), serves them as
 * bench:web does (one origin, tools/bench/web-serve.ts), logs the demo member in through the login
 * screen, then loads the page N times (default 2) in a fresh context, the session
 * kept (home) or not (login), no HTTP cache, with Chromium's CPU slowed down 4x as Lighthouse's mobile
 * preset assumes, while tracing the main thread and sampling its JavaScript. For each task of 50 ms or
 * more it prints when it started, how long it ran, the K functions (default 12) that most of its
 * samples were inside, and the functions that ran themselves most; then the sum of each task's part over
 * 50 ms, which is what TBT adds up (over the whole load here, where Lighthouse counts from the first
 * paint, and applied rather than simulated, so it runs higher than bench:web's figure).
 *
 * `--simulate` runs the CPU at full speed and multiplies each task's time by four, as Lighthouse's
 * simulated mode (bench:web's default) does: the tasks it prints are the ones bench:web's TBT counts.
 * `--skip-build` uses the builds in place (rebuild them with MINIFY=false for names).
 *
 * `--no-samples` traces without V8's sampler, so the tasks come without functions. With the sampler on,
 * V8 compiles the files that carry the compile hint (tools/rsbuild/compile-hints.ts) on the main thread,
 * where without it they compile while they stream in: the task sums are then the page's as a member's
 * browser (and Lighthouse, which does not sample) runs it.
 */
import type { Browser } from 'playwright-core';
import { PHONE } from '../e2e/browser';
import { machineLine } from './machine';
import { buildApps, memberComingBack, startWebBench, type Session } from './web-serve';

const argValue = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const PAGE = argValue('page', 'home');
const RUNS = Number(argValue('runs', '2'));
const TOP = Number(argValue('top', '12'));
const PORT = Number(argValue('port', '4742'));
/** Lighthouse's mobile preset: a mid-range phone runs JavaScript about four times slower than this machine. */
const CPU_SLOWDOWN = 4;
/** Slow the CPU down for real (applied), or trace at full speed and scale each task (simulated, as Lighthouse's default). */
const SIMULATE = process.argv.includes('--simulate');
/** Sample the JavaScript (which functions ran), at the price of the hinted files' compilation moving to the main thread. */
const SAMPLES = !process.argv.includes('--no-samples');
/** A task longer than this blocks input for what it runs over it (TBT's threshold). */
const LONG_TASK_MS = 50;


/** The trace events this script reads (Chrome's trace event format). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      timeDeltas?: number[];
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
    };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** One load of `url` with the CPU slowed down, traced; the session in `storageState` if given. */
async function traceLoad(browser: Browser, url: string, storageState?: Session): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: PHONE.viewport, storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (!SIMULATE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const sampler = SAMPLES ? ['disabled-by-default-v8.cpu_profiler'] : [];
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', ...sampler, 'toplevel'] });
    await page.goto(url);
    // Long enough for the remotes, the API calls and the effects they start, at a quarter of the speed.
    await page.waitForTimeout(6000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return trace.traceEvents;
  } finally {
    await context.close();
  }
}

/** The page's main thread: the renderer main thread that ran the most. */
function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } {
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && e.dur) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const renderers = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const main = renderers.sort((a, b) => (busy.get(`${b.pid}:${b.tid}`) ?? 0) - (busy.get(`${a.pid}:${a.tid}`) ?? 0))[0];
  if (!main) throw new Error('no renderer main thread in the trace');
  return { pid: main.pid, tid: main.tid };
}

/** The JavaScript samples of the main thread: when each was taken and its stack, innermost first. */
function samplesOf(events: TraceEvent[], thread: { pid: number; tid: number }): { ts: number; stack: string[] }[] {
  const profiles = new Map<string, number>();
  for (const e of events) if (e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid && e.id) profiles.set(e.id, e.args?.data?.startTime ?? e.ts);
  // Node ids are unique within one profile only.
  const nodes = new Map<string, Map<number, ProfileNode>>();
  const samples: { ts: number; profile: string; node: number }[] = [];
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== thread.pid || !e.id || !profiles.has(e.id)) continue;
    const data = e.args?.data;
    const profileNodes = nodes.get(e.id) ?? nodes.set(e.id, new Map()).get(e.id)!;
    for (const node of data?.cpuProfile?.nodes ?? []) profileNodes.set(node.id, node);
    let clock = profiles.get(e.id)!;
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data?.timeDeltas?.[i] ?? 0;
      samples.push({ ts: clock, profile: e.id!, node });
    });
    profiles.set(e.id, clock);
  }
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return url ? `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}` : functionName;
  };
  return samples.map(({ ts, profile, node }) => {
    const profileNodes = nodes.get(profile)!;
    const stack: string[] = [];
    for (let current = profileNodes.get(node); current; current = current.parent === undefined ? undefined : profileNodes.get(current.parent)) stack.push(nameOf(current));
    return { ts, stack };
  });
}

const TASK_WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const SYNTHETIC = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);
const percent = (count: number, total: number) => `${Math.round((100 * count) / Math.max(1, total))}%`;

function report(events: TraceEvent[], run: number) {
  const thread = mainThreadOf(events);
  const threadEvents = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = threadEvents.filter((e) => e.name === 'RunTask' && e.dur).sort((a, b) => a.ts - b.ts);
  const start = tasks[0]?.ts ?? 0;
  const samples = samplesOf(events, thread);
  let blocking = 0;
  const scale = SIMULATE ? CPU_SLOWDOWN : 1;
  console.log(`\nrun ${run}: main-thread tasks of ${LONG_TASK_MS} ms or more (CPU ${CPU_SLOWDOWN}x slower, ${SIMULATE ? 'simulated' : 'applied'})`);
  for (const task of tasks) {
    const ms = (scale * task.dur!) / 1000;
    if (ms < LONG_TASK_MS) continue;
    blocking += ms - LONG_TASK_MS;
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!);
    const within = new Map<string, number>();
    const itself = new Map<string, number>();
    for (const { stack } of inside) {
      itself.set(stack[0] ?? '?', (itself.get(stack[0] ?? '?') ?? 0) + 1);
      for (const frame of new Set(stack)) if (!SYNTHETIC.has(frame)) within.set(frame, (within.get(frame) ?? 0) + 1);
    }
    console.log(`  at ${Math.round((task.ts - start) / 1000)} ms: ${Math.round(ms)} ms, ${inside.length} samples`);
    for (const [frame, count] of [...within].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`      ${percent(count, inside.length).padStart(4)} in ${frame}`);
    const selfTop = [...itself].sort((a, b) => b[1] - a[1]).slice(0, 5);
    console.log(`      itself: ${selfTop.map(([frame, count]) => `${frame} ${percent(count, inside.length)}`).join(' | ')}`);
    // What the browser did in the task, by trace event (nested events count in each of their parents;
    // the scheduler's own wrapper of the task is left out, it only repeats the task's length).
    const work = new Map<string, number>();
    for (const e of threadEvents) {
      if (e.ts < task.ts || e.ts >= task.ts + task.dur! || !e.dur || TASK_WRAPPERS.has(e.name)) continue;
      work.set(e.name, (work.get(e.name) ?? 0) + (scale * e.dur) / 1000);
    }
    const workTop = [...work].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`      browser: ${workTop.map(([name, eventMs]) => `${name} ${Math.round(eventMs)} ms`).join(' | ')}`);
  }
  console.log(`run ${run}: the tasks' time over ${LONG_TASK_MS} ms adds up to ${Math.round(blocking)} ms`);
}

async function main() {
  if (PAGE !== 'home' && PAGE !== 'login') throw new Error(`--page takes home or login, got ${PAGE}`);
  if (!process.argv.includes('--skip-build')) buildApps({ MINIFY: 'false' });
  const { origin, browser, stop } = await startWebBench(PORT, 'bench-web-tasks');
  try {
    const session = PAGE === 'home' ? await memberComingBack(browser, origin) : undefined;
    const url = `${origin}/#/${PAGE === 'home' ? 'index' : 'user/login'}`;
    console.log(`Machine: ${machineLine()}`);
    for (let run = 1; run <= RUNS; run++) report(await traceLoad(browser, url, session), run);
    console.log(`\nMachine after the runs: ${machineLine()}`);
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
