/**
 * npm run bench:tabs -- [--runs N] [--dwell MS] [--skip-build] [--port P] [--details] [--devtools-network] [--context-per-tab]
 *
 * Opening a screen whose remote the member has not opened yet, from home (issue 58: tap to the screen's
 * content <= 1.0 s on the mobile preset's network and CPU). Builds the shell and the remotes for
 * production and serves them as bench:web does (one origin on P, default 4842; the API on a scratch
 * SQLite database on P+2, tools/bench/web-serve.ts), logs the demo member in through the login screen,
 * then N times (default 5), each in a fresh phone context with the member's session and nothing cached:
 * opens home, waits until it has settled (its product list shown, no request in flight for half a
 * second), slows the page down as Lighthouse's mobile preset assumes (CPU 4x; slow 4G: 150 ms, 1.6 Mbit/s
 * down, 750 kbit/s up, applied through CDP), leaves it there for `--dwell` ms (default 5 000: a member
 * looks at home a few seconds before tapping, and home loads the other remotes in idle time meanwhile,
 * shell app/remote-registry.ts warmRemotes; 0 taps as soon as home has settled), then taps, one after
 * the other and going back home in between, what home offers for each remote loaded on demand:
 *
 *   team       the tab bar's Team tab (/index/friend)
 *   community  the tab bar's Community tab (/dynamic)
 *   messages   the header's messages icon (/message; messages has no tab: home's header and Mine open it)
 *   wallet     the Recharge shortcut (/user/recharge; wallet has no tab either: home's shortcuts open it)
 *   products   the tab bar's Products tab (/projects): its remote is already loaded by home's product
 *              list, so this is the cost of a screen's chunk and data alone, for comparison
 *
 * and measures, on the page's own clock, from the tap (the touch event's time stamp) to the first frame
 * in which the screen's content is shown: an element the remote renders only once its data has arrived,
 * not a skeleton or a spinner. Also counts the requests started between the tap and the content and
 * their bytes on the wire. Prints, per tab, the median and the slowest of the runs against the goal;
 * exits 0 whether the goal is met or not (a benchmark reports), 1 when a screen's content never shows.
 *
 * Service workers are blocked: the shell's worker fetches the shell's own files itself, outside the
 * page's throttled network, so with it the shell's lazy chunks would arrive at full speed.
 *
 * `--details` prints every request of every tap (start and end after the tap, type, bytes, path).
 * `--devtools-network` applies Lighthouse's own values for applied throttling instead (562.5 ms a
 * request, 1,474.56 kbit/s down, 675 kbit/s up): applied per request, 150 ms leaves out the round trips
 * of a connection that Lighthouse's simulation counts. `--context-per-tab` opens each tab in a context
 * of its own (home, then that one tab), so no tab profits from what an earlier one downloaded.
 * `--skip-build` uses the builds of the shell and the remotes in place. The API always runs from its
 * build as it is (`npm run build -w @rigshare/server`), as for bench:web.
 */
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { PHONE } from '../e2e/browser';
import { DEMO, loginThroughScreen } from '../e2e/session';
import { machineLine } from './machine';
import { buildApps, startWebBench } from './web-serve';

const argValue = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = argValue('runs', 5);
/** How long the member looks at home, slowed down, before the first tap. */
const DWELL_MS = argValue('dwell', 5000);
const PORT = argValue('port', 4842);
const DETAILS = process.argv.includes('--details');
const DEVTOOLS_NETWORK = process.argv.includes('--devtools-network');
const CONTEXT_PER_TAB = process.argv.includes('--context-per-tab');

/** Issue 58: a tab not opened yet shows its content this soon after the tap. */
const GOAL_MS = 1000;
/** Longer than this and the screen is broken, not slow. */
const CONTENT_TIMEOUT_MS = 30_000;
/** Settled: no request in flight for this long. */
const QUIET_MS = 500;

/** Lighthouse's mobile preset: a mid-range phone runs JavaScript about four times slower than this machine. */
const CPU_SLOWDOWN = 4;
const kbps = (kbit: number) => (kbit * 1024) / 8;
/**
 * Lighthouse's mobile "slow 4G" (its constants.throttling.mobileSlow4G): 150 ms round trip, 1,638.4
 * kbit/s down, 750 kbit/s up; with `--devtools-network` the values Lighthouse itself applies through
 * DevTools (the round trip times 3.75, the throughputs times 0.9), which is also DevTools' "Slow 4G".
 */
const NETWORK = DEVTOOLS_NETWORK
  ? { offline: false, latency: 562.5, downloadThroughput: kbps(1474.56), uploadThroughput: kbps(675) }
  : { offline: false, latency: 150, downloadThroughput: kbps(1638.4), uploadThroughput: kbps(750) };

/** The tab bar's items in their order (shell/src/app/shell-routes.tsx, TABS). */
const TAB_BAR = ['home', 'community', 'products', 'team', 'mine'] as const;
const tabBarItem = (page: Page, tab: (typeof TAB_BAR)[number]) => page.locator('.app-tab-bar .adm-tab-bar-item').nth(TAB_BAR.indexOf(tab));

interface Tab {
  name: string;
  /** What the member taps on home. */
  opener: string;
  tap: (page: Page) => Locator;
  /** The hash path the tap leads to. */
  route: string;
  /** Each must show: selectors (alternatives separated by commas) of what the screen renders once its data has arrived. */
  content: string[];
  /** The way back home: the tab bar's home tab, the screen's back button, or the phone's back gesture (history). */
  back: 'tab' | 'button' | 'history';
}

/** Tapped in this order. */
const TABS: Tab[] = [
  {
    name: 'team',
    opener: 'Team tab',
    tap: (page) => tabBarItem(page, 'team'),
    route: '/index/friend',
    // The invite card (share info) and the team summary (team info): two reads.
    content: ['.team-screen [data-testid="invite-code"]', '.team-screen [data-testid="team-reward"]'],
    back: 'tab',
  },
  {
    name: 'community',
    opener: 'Community tab',
    tap: (page) => tabBarItem(page, 'community'),
    route: '/dynamic',
    // The feed's first page: its posts, or the empty state once it came back empty (the demo has no posts).
    content: ['.community-screen [data-testid="post-card"], .community-screen [data-testid="page-empty"]'],
    back: 'tab',
  },
  {
    name: 'messages',
    opener: 'header messages icon',
    tap: (page) => page.getByTestId('header-messages'),
    route: '/message',
    // The centre reads nothing of its own (the unread count is the shell's): its list is its content.
    content: ['.messages-screen [data-testid="center-push"]'],
    // Depth 1 without a tab: the screen has no back button.
    back: 'history',
  },
  {
    name: 'wallet',
    opener: 'Recharge shortcut',
    tap: (page) => page.getByTestId('quick-recharge'),
    route: '/user/recharge',
    // The deposit information: the member's address, or why deposits are off.
    content: ['.wallet-screen [data-testid="usdt-address"], .wallet-screen [data-testid="usdt-off"]'],
    back: 'button',
  },
  {
    name: 'products',
    opener: 'Products tab',
    tap: (page) => tabBarItem(page, 'products'),
    route: '/projects',
    content: ['.products-screen [data-testid="product-card"], .products-screen [data-testid="page-empty"]'],
    back: 'tab',
  },
];

/** Home has settled: its product list shown (or its empty state), then the network quiet. */
const HOME_CONTENT = '[data-testid="home-screen"] .products-home [data-testid="product-card"], [data-testid="home-screen"] .products-home [data-testid="page-empty"]';

/** Something the benchmark saw go wrong in the app (as opposed to a fault of the benchmark itself). */
class BenchError extends Error {}

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

interface RequestSeen {
  url: string;
  type: string;
  /** Bytes on the wire: headers and the encoded body. */
  bytes: number;
  /** Milliseconds after the tap (page clock, via wall-clock time stamps). */
  start: number;
  end: number | null;
  failed: boolean;
}

interface TapResult {
  /** From the tap to the content, on the page's clock. */
  ms: number;
  requests: RequestSeen[];
}

/** Follows a page's requests: those in flight (for "settled") and those started while a tap is measured. */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  const finished = new Set<Request>();
  const failed = new Set<Request>();
  let lastChange = Date.now();
  let collecting: Request[] | null = null;
  page.on('request', (request) => {
    inFlight.add(request);
    lastChange = Date.now();
    collecting?.push(request);
  });
  const done = (set: Set<Request>) => (request: Request) => {
    inFlight.delete(request);
    set.add(request);
    lastChange = Date.now();
  };
  page.on('requestfinished', done(finished));
  page.on('requestfailed', done(failed));
  return {
    startWindow() {
      collecting = [];
    },
    endWindow(): Request[] {
      const seen = collecting ?? [];
      collecting = null;
      return seen;
    },
    unfinished: (requests: Request[]) => requests.filter((request) => inFlight.has(request)),
    async quiet(what: string): Promise<void> {
      const deadline = Date.now() + CONTENT_TIMEOUT_MS;
      while (inFlight.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() > deadline) throw new BenchError(`${what}: requests still in flight after ${CONTENT_TIMEOUT_MS / 1000} s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async describe(requests: Request[], tapEpoch: number): Promise<RequestSeen[]> {
      return Promise.all(
        requests.map(async (request) => {
          const timing = request.timing();
          const ok = finished.has(request);
          const sizes = ok ? await request.sizes() : null;
          return {
            url: request.url(),
            type: request.resourceType(),
            bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0,
            start: timing.startTime - tapEpoch,
            end: ok && timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd - tapEpoch : null,
            failed: failed.has(request),
          };
        }),
      );
    },
  };
}

/**
 * Runs in the page before a tap (plain JavaScript, as tsx would add helpers a page does not have):
 * notes the tap's time stamp (the first touch or pointer event) and resolves `window.__tabBench.done`
 * in the first frame after it in which every selector matches a shown element (a box, not hidden).
 * Checked on every DOM change, and every 100 ms for a change of style alone.
 */
const WATCH_FOR_CONTENT = `function (selectors) {
  var state = {};
  var inputs = ['touchstart', 'pointerdown', 'mousedown', 'click'];
  function onInput(event) {
    if (state.tapAt === undefined) state.tapAt = event.timeStamp;
  }
  inputs.forEach(function (type) { addEventListener(type, onInput, { capture: true }); });
  function shown(selector) {
    return Array.prototype.some.call(document.querySelectorAll(selector), function (element) {
      var box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
  }
  state.done = new Promise(function (resolve) {
    var seen = false;
    var observer = new MutationObserver(check);
    var timer = setInterval(check, 100);
    function check() {
      if (seen || state.tapAt === undefined || !selectors.every(shown)) return;
      seen = true;
      observer.disconnect();
      clearInterval(timer);
      inputs.forEach(function (type) { removeEventListener(type, onInput, { capture: true }); });
      // The frame that paints it.
      requestAnimationFrame(function () {
        resolve({ tapAt: state.tapAt, contentAt: performance.now(), timeOrigin: performance.timeOrigin });
      });
    }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  window.__tabBench = state;
}`;

interface Watched {
  tapAt: number;
  contentAt: number;
  timeOrigin: number;
}

const hashOf = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

async function homeSettled(page: Page, requests: ReturnType<typeof trackRequests>, what: string): Promise<void> {
  try {
    await page.locator(HOME_CONTENT).first().waitFor({ state: 'visible', timeout: CONTENT_TIMEOUT_MS });
  } catch {
    throw new BenchError(`${what}: home's product list did not show within ${CONTENT_TIMEOUT_MS / 1000} s (the page is at #${hashOf(page)})`);
  }
  await requests.quiet(what);
}

async function goHome(page: Page, tab: Tab, requests: ReturnType<typeof trackRequests>, run: number): Promise<void> {
  if (tab.back === 'tab') await tabBarItem(page, 'home').tap();
  else if (tab.back === 'button') await page.getByTestId('screen-back').tap();
  else await page.goBack();
  await page.waitForFunction(() => location.hash.split('?')[0] === '#/index', undefined, { timeout: CONTENT_TIMEOUT_MS });
  await homeSettled(page, requests, `run ${run}, back home from ${tab.name}`);
}

/** Taps `tab`'s opener on home (settled) and waits for its content. */
async function measureTap(page: Page, tab: Tab, requests: ReturnType<typeof trackRequests>, run: number): Promise<TapResult> {
  await page.evaluate(`(${WATCH_FOR_CONTENT})(${JSON.stringify(tab.content)})`);
  requests.startWindow();
  await tab.tap(page).tap();
  const result = page.evaluate(() => (window as unknown as { __tabBench: { done: Promise<Watched> } }).__tabBench.done);
  result.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CONTENT_TIMEOUT_MS)));
  const seen = await Promise.race([result, timeout]);
  clearTimeout(timer);
  const started = requests.endWindow();
  if (!seen) {
    const pending = requests.unfinished(started).map((request) => request.url());
    throw new BenchError(
      `run ${run}, ${tab.name}: the screen's content (${tab.content.join(' and ')}) did not show within ${CONTENT_TIMEOUT_MS / 1000} s of tapping the ${tab.opener}; ` +
        `the page is at #${hashOf(page)}${pending.length ? `, requests not finished: ${pending.join(', ')}` : ''}`,
    );
  }
  if (hashOf(page) !== tab.route) throw new BenchError(`run ${run}, ${tab.name}: tapping the ${tab.opener} led to #${hashOf(page)}, not #${tab.route}`);
  const tapEpoch = seen.timeOrigin + seen.tapAt;
  const ms = seen.contentAt - seen.tapAt;
  // The rest of the screen's requests finish before anything else is measured.
  await requests.quiet(`run ${run}, ${tab.name} after its content`);
  const inWindow = (await requests.describe(started, tapEpoch)).filter((request) => request.start <= ms);
  return { ms, requests: inWindow };
}

/** A fresh phone context with the member's session, nothing cached, no service worker; home opened and settled, then slowed down. */
async function openHome(browser: Browser, origin: string, session: Session, run: number) {
  const context = await browser.newContext({ ...PHONE, storageState: session, serviceWorkers: 'block' });
  const page = await context.newPage();
  const requests = trackRequests(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${origin}/#/index`);
  await homeSettled(page, requests, `run ${run}, home`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  if (DWELL_MS > 0) {
    await page.waitForTimeout(DWELL_MS);
    await requests.quiet(`run ${run}, home after ${DWELL_MS} ms`);
  }
  return { context, page, requests };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function printDetails(run: number, tab: Tab, result: TapResult) {
  console.log(`run ${run}, ${tab.name}: ${Math.round(result.ms)} ms, ${result.requests.length} requests, ${kib(result.requests.reduce((sum, r) => sum + r.bytes, 0))}`);
  for (const request of [...result.requests].sort((a, b) => a.start - b.start)) {
    const end = request.failed ? 'failed' : request.end === null ? '...' : `${Math.round(request.end)}`;
    console.log(`    ${Math.round(request.start).toString().padStart(5)}-${end.padEnd(6)} ms  ${request.type.padEnd(10)} ${kib(request.bytes).padStart(10)}  ${new URL(request.url).pathname}`);
  }
}

/** The request that finished last before the content showed: what the tap waited on at the end. */
function waitedOn(result: TapResult): string {
  const before = result.requests.filter((request) => request.end !== null && request.end <= result.ms);
  const last = before.sort((a, b) => b.end! - a.end!)[0];
  return last ? `${new URL(last.url).pathname} (${last.type}, done at ${Math.round(last.end!)} ms)` : 'no request';
}

async function main() {
  if (!process.argv.includes('--skip-build')) buildApps();
  const { origin, browser, stop } = await startWebBench(PORT, 'bench-tabs');
  const results = new Map<string, TapResult[]>(TABS.map((tab) => [tab.name, []]));
  const machineBefore = machineLine();
  try {
    // A real login; home then shows once (and tells the server its popup notice, if any, was seen).
    const login = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const loginPage = await login.newPage();
    const loginRequests = trackRequests(loginPage);
    await loginThroughScreen(loginPage, `${origin}/`, DEMO.phone, DEMO.password);
    await homeSettled(loginPage, loginRequests, 'after login');
    const session = await login.storageState();
    await login.close();

    for (let run = 1; run <= RUNS; run++) {
      const groups = CONTEXT_PER_TAB ? TABS.map((tab) => [tab]) : [TABS];
      for (const tabs of groups) {
        const { context, page, requests } = await openHome(browser, origin, session, run);
        try {
          for (const tab of tabs) {
            const result = await measureTap(page, tab, requests, run);
            results.get(tab.name)!.push(result);
            if (DETAILS) printDetails(run, tab, result);
            else console.log(`run ${run}, ${tab.name}: ${Math.round(result.ms)} ms (last request before the content: ${waitedOn(result)})`);
            if (tab !== tabs[tabs.length - 1]) await goHome(page, tab, requests, run);
          }
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await stop();
  }
  const network = DEVTOOLS_NETWORK ? "Lighthouse's applied slow 4G (562.5 ms, 1,474.56/675 kbit/s)" : 'slow 4G (150 ms, 1,638.4/750 kbit/s)';
  const order = CONTEXT_PER_TAB ? 'each tab in a context of its own' : `in this order in one context, home in between: ${TABS.map((tab) => tab.name).join(', ')}`;
  console.log(`\nTap to content, ${RUNS} runs, CPU ${CPU_SLOWDOWN}x slower, ${network}, nothing cached, ${DWELL_MS} ms on home before the first tap, ${order}\n`);
  console.log('| Tab | Tapped on home | Median | Slowest | Requests (median) | Bytes (median) | Goal | Met (median) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const tab of TABS) {
    const runs = results.get(tab.name)!;
    const times = runs.map((r) => r.ms);
    const mid = median(times);
    const requests = median(runs.map((r) => r.requests.length));
    const bytes = median(runs.map((r) => r.requests.reduce((sum, request) => sum + request.bytes, 0)));
    console.log(`| ${tab.name} | ${tab.opener} | ${Math.round(mid)} ms | ${Math.round(Math.max(...times))} ms | ${requests} | ${kib(bytes)} | <= ${GOAL_MS} ms | ${mid <= GOAL_MS ? 'yes' : 'no'} |`);
  }
  console.log(`\nMachine before: ${machineBefore}`);
  console.log(`Machine after:  ${machineLine()}`);
}

main().catch((error) => {
  // What the benchmark found broken (a screen that never showed) in one line; anything else with its stack.
  console.error(error instanceof BenchError ? `bench:tabs: ${error.message}` : error);
  process.exit(1);
});
