/**
 * Walks routes of the app in one page: a member's (the shell's own routes, from its route table, and
 * every path a member remote owns, from the remotes.json the shell reads) or the console's. Shared by
 * the layout walks (no page wider than the screen, in every language; axe-core on the screens of the
 * languages it checks).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { parseRemotesDocument } from '@rigshare/contract';
import { LOCALE_TAGS, type LocaleTag } from '@rigshare/domain';
import { remotesDocument } from '../src/runtime-documents';
import { ROOT, topologyFromEnv } from '../src/topology';
import { PHONE } from './browser';

/** The shell's paths, read from its route table so a new shell screen joins the walk by itself. */
export function shellPaths(): string[] {
  const source = fs.readFileSync(path.join(ROOT, 'shell/src/app/shell-routes.tsx'), 'utf8');
  const table = source.slice(source.indexOf('SHELL_ROUTES'), source.indexOf('export const TABS'));
  const paths = [...table.matchAll(/\{\s*path:\s*'([^']+)'/g)].map((match) => match[1]);
  if (!paths.includes('/index') || !paths.includes('/mine')) throw new Error('walk: shell-routes.tsx no longer reads as expected');
  return paths;
}

/**
 * Every path a member's remote has a screen for, from the remotes.json the built shell serves, and one
 * path it owns without a screen yet: those all show the same "Not available yet" screen, so walking one
 * of them shows it (in each language) and walking the rest would only repeat it. The console's screens
 * are not among them: without a staff session each one sends to the staff login, a shell route walked
 * with the others; the console's walks open them signed in as staff (`staffScreensAndTabs`).
 */
export function memberRemotePaths(): string[] {
  const served = memberScreens();
  const unserved = memberRemotes().flatMap((remote) => remote.paths.filter((p) => !served.includes(p)));
  return [...served, ...unserved.slice(0, 1)];
}

/** The screens of the remotes only staff load (remotes.json `audience: staff`): the console's. */
export function staffScreens(): string[] {
  return servedRemotes()
    .remotes.filter((remote) => remote.audience === 'staff')
    .flatMap((remote) => remote.screens ?? remote.paths);
}

/** The remotes members load: every remote but the staff ones. */
const memberRemotes = () => servedRemotes().remotes.filter((remote) => remote.audience !== 'staff');

/** The screens of the remotes members load. */
export function memberScreens(): string[] {
  return memberRemotes().flatMap((remote) => remote.screens ?? remote.paths);
}

/** The console's tabs besides the one each tabbed screen opens on (?tab=, see the console's use-tab.ts). */
const CONSOLE_OTHER_TABS = [
  ...['adjust', 'codes', 'transfers'].map((tab) => `/console/money?tab=${tab}`),
  ...['notices', 'carousel', 'push'].map((tab) => `/console/content?tab=${tab}`),
  ...['channels', 'releases', 'links', 'rewards'].map((tab) => `/console/catalogue?tab=${tab}`),
];

/** Every staff screen and every other tab of the screens with tabs. */
export const staffScreensAndTabs = (): string[] => [...staffScreens(), ...CONSOLE_OTHER_TABS];

/**
 * The remotes.json each stack's shell serves, built from the remotes' builds as the stack builds it
 * (tools/src/runtime-documents.ts): its remotes, their screens and audience do not depend on the ports.
 */
function servedRemotes() {
  return parseRemotesDocument(remotesDocument(topologyFromEnv({})));
}

/**
 * Every route a member opens: the shell's and the member remotes', with the query a screen needs to show
 * real content (e.g. a product's detail page); `queries` maps a path to its query string.
 */
export function memberRoutes(queries: Record<string, string> = {}): string[] {
  return [...new Set([...shellPaths(), ...memberRemotePaths()])].map((route) => (queries[route] ? `${route}?${queries[route]}` : route));
}

export const LOCALES: readonly LocaleTag[] = LOCALE_TAGS;

/**
 * The page's requests in flight, so a walk can wait for a screen's data to arrive: `()` counts them,
 * `quietFor()` says how long none has been (0 while one is).
 */
export type InFlight = (() => number) & { quietFor(): number };

/** Follows the page's requests (`InFlight`). */
export function trackRequests(page: Page): InFlight {
  let inFlight = 0;
  let lastSettled = Date.now();
  const settled = () => {
    inFlight--;
    lastSettled = Date.now();
  };
  page.on('request', () => inFlight++);
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return Object.assign(() => inFlight, { quietFor: () => (inFlight > 0 ? 0 : Date.now() - lastSettled) });
}

/**
 * What shows while a screen is not ready: loading indicators, and the first paint's static copy of a
 * screen (`#first-paint`, docs/architecture.md), which stands in the page until the app has started.
 * The copy is `inert` and may hold a form of its own (the login's): measured or pressed, it would be
 * the wrong screen.
 */
const LOADING = '#first-paint, .screen-loading, .adm-skeleton, .adm-pull-to-refresh-head .adm-spin-loading';

/** How long a screen must show no request in flight and nothing of `LOADING` to count as settled. */
const QUIET_MS = 100;

/**
 * Waits until the screen has settled: no request in flight and nothing of `LOADING` for 100 ms in
 * a row (5 s at most; a screen still loading then is measured as it is). The page watches for
 * `LOADING` itself and answers once, rather than being asked every 30 ms over the DevTools protocol,
 * which cost the layout walk about 6 % more CPU (docs/performance.md, "CI").
 */
export async function settle(page: Page, inFlight: InFlight): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (inFlight() > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const calm = await page
      .evaluate(loadingGoneFor, { selector: LOADING, ms: QUIET_MS, within: deadline - Date.now() })
      // A reload or a navigation while the page watched: watch the new document, after a moment to load.
      .catch(() => new Promise<false>((resolve) => setTimeout(() => resolve(false), 20)));
    // A request that came and went while the page watched: the screen may have drawn since; watch again.
    if (calm && inFlight.quietFor() >= QUIET_MS) return;
  }
}

/** In the page: true once nothing matches `selector` for `ms` in a row, false when `within` ms pass first. */
function loadingGoneFor({ selector, ms, within }: { selector: string; ms: number; within: number }): Promise<boolean> {
  const end = performance.now() + within;
  let quietSince = -1;
  return new Promise((resolve) => {
    const look = () => {
      const now = performance.now();
      if (document.querySelector(selector)) quietSince = -1;
      else if (quietSince < 0) quietSince = now;
      if (quietSince >= 0 && now - quietSince >= ms) resolve(true);
      else if (now >= end) resolve(false);
      else setTimeout(look, 20);
    };
    look();
  });
}

/** Opens a route by its hash (no reload: the walk stays in one page) and waits for it to settle. */
export async function openRoute(page: Page, shellUrl: string, route: string, inFlight: InFlight): Promise<void> {
  await page.goto(`${shellUrl}#${route}`);
  await settle(page, inFlight);
}

/** Makes `locale` the page's language the way the app keeps it (local storage), then reloads. */
export async function useLocale(page: Page, locale: LocaleTag, inFlight: InFlight): Promise<void> {
  await page.evaluate((tag) => localStorage.setItem('rigshare.language', tag), locale);
  await page.reload();
  await settle(page, inFlight);
}

/**
 * Presses the screen's form button as the screen opened (its fields empty, mostly), so the errors
 * under the fields show, and waits for them; any call that would change something is refused in the
 * browser, so nothing reaches the server. False when the screen has no form to send.
 */
export async function submitUnsent(page: Page, inFlight: InFlight): Promise<boolean> {
  // In the app's own root: never the first paint's inert copy beside it, should one still stand.
  const submit = page.locator('#root form button[type=submit]:visible:enabled').first();
  if (!(await submit.count())) return false;
  await page.route('**/api/**', (route) => (route.request().method() === 'GET' ? route.continue() : route.abort()));
  try {
    await submit.click();
    // Field rules run asynchronously after the click: their errors show within a few frames (400 ms at most
    // is waited for; a form whose fields opened valid shows none), then the screen settles.
    await page.locator('#root .adm-form-item-feedback-error').first().waitFor({ timeout: 400 }).catch(() => undefined);
    await settle(page, inFlight);
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
  return true;
}

export interface WalkOptions {
  browser: Browser;
  shellUrl: string;
  /** The logged-in member's browser storage (from one login), shared by every walking page. */
  storageState?: BrowserContextOptions['storageState'];
  /** Runs before each walking page's scripts (e.g. puts a staff session into sessionStorage). */
  initScript?: Parameters<BrowserContext['addInitScript']>[0];
  locales: readonly LocaleTag[];
  routes: readonly string[];
  /** Pages walking at once; each takes the next language when done with one. */
  pages?: number;
  /** `inFlight` counts the page's requests in flight (see `settle`). */
  visit(page: Page, locale: LocaleTag, route: string, inFlight: InFlight): Promise<void>;
}

/**
 * Walks every route in every language: a few pages side by side (most of a visit is waiting for
 * the screen's data), each with the member's session, one reload per language (or per share of a
 * language's routes), then hash navigation from route to route.
 */
export async function walkRoutes({ browser, shellUrl, storageState, initScript, locales, routes, pages = 3, visit }: WalkOptions): Promise<void> {
  // With fewer languages than pages, each language's routes are split between pages, so none stands idle.
  const parts = Math.max(1, Math.floor(pages / locales.length));
  const size = Math.ceil(routes.length / parts);
  const queue = locales.flatMap((locale) => Array.from({ length: parts }, (_, part) => ({ locale, routes: routes.slice(part * size, (part + 1) * size) })));
  const worker = async () => {
    const context = await browser.newContext({ ...PHONE, storageState });
    if (initScript) await context.addInitScript(initScript);
    try {
      const page = await context.newPage();
      const inFlight = trackRequests(page);
      await page.goto(shellUrl);
      for (let share = queue.shift(); share; share = queue.shift()) {
        await useLocale(page, share.locale, inFlight);
        for (const route of share.routes) {
          await openRoute(page, shellUrl, route, inFlight);
          await visit(page, share.locale, route, inFlight);
        }
      }
    } finally {
      await context.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(pages, queue.length) }, worker));
}
