/**
 * What a member and an operator notice, in a real browser against the real API and the real
 * separately served remotes. Runs after `nx run-many -t build` (npm test does both).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { currentRoute, field, launchBrowser, PHONE, takeCspViolations } from './browser';
import { SESSION_CACHE_SECONDS, startStack, type Stack } from './stack';
import { DEMO, e164, loginThroughScreen, registerThroughScreen } from './session';
import { ROOT, distOf, type RemoteName } from '../src/topology';


let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every URL the page fetched since the last `openPage`. */
let fetched: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2 });
  page = await context.newPage();
  fetched = [];
  page.on('request', (request) => fetched.push(request.url()));
});

afterEach(async () => {
  await context.close();
});

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
}

function text(file: string, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], readJson(file)) as string;
}

async function go(route: string): Promise<void> {
  await page.goto(`${stack.shellUrl}#${route}`);
}

function login(phone: string, password: string): Promise<void> {
  return loginThroughScreen(page, stack.shellUrl, phone, password);
}

async function apiProducts(): Promise<string[]> {
  const response = await fetch(`${stack.apiOrigin}/api/orders/product/list?pageNum=1&pageSize=50`);
  const body = (await response.json()) as { data: { list: { productName: string }[] } };
  return body.data.list.map((p) => p.productName);
}

it('a newcomer registers with the demo invite code and logs in', async () => {
  const phone = `98${Date.now().toString().slice(-8)}`;
  const password = 'Miner2026x';
  await go(`/login/registerbym?code=${DEMO.inviteCode}`);
  await expect(field(page, 'invite-code').inputValue()).resolves.toBe(DEMO.inviteCode);
  await registerThroughScreen(page, stack.db, phone, password);
  const member = stack.db.prepare('SELECT u.phone, i.invite_code AS inviter FROM users u JOIN users i ON i.id = u.inviter_id WHERE u.phone = ?').get(e164(phone));
  expect(member).toEqual({ phone: e164(phone), inviter: DEMO.inviteCode });

  await login(phone, password);
  expect(currentRoute(page)).toBe('/index');
  await page.goto(`${stack.shellUrl}#/mine`);
  // The personal centre shows the new member by the masked phone, once: no name was chosen.
  await expect(page.getByTestId('mine-name').textContent()).resolves.toBe(`${phone.slice(0, 3)}****${phone.slice(-2)}`);
  expect(await page.getByTestId('mine-phone').count()).toBe(0);
});

it('the home page shows the products the server lists, from the products remote', async () => {
  await login(DEMO.phone, DEMO.password);
  const names = await apiProducts();
  await page.getByTestId('product-name').first().waitFor();
  const shown = await page.getByTestId('product-name').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(names).toEqual(expect.arrayContaining(shown));
  expect(fetched.some((url) => url.startsWith(`${stack.remoteOrigin('products')}/`))).toBe(true);
  await page.waitForLoadState('networkidle');
  fs.mkdirSync(path.join(ROOT, 'docs/screenshots'), { recursive: true });
  await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/home.png') });
});

/** Each federation instance in the page, with the apps that provided each shared module it has loaded. */
function sharedModulesLoaded() {
  return page.evaluate(() => {
    type Entry = { from: string; loaded?: boolean };
    type Instance = { name: string; shareScopeMap?: Record<string, Record<string, Record<string, Entry>>> };
    const federation = (globalThis as { __FEDERATION__?: { __INSTANCES__?: Instance[] } }).__FEDERATION__;
    return (federation?.__INSTANCES__ ?? []).map((instance) => {
      const providers: Record<string, string[]> = {};
      for (const scope of Object.values(instance.shareScopeMap ?? {}))
        for (const [name, versions] of Object.entries(scope))
          for (const entry of Object.values(versions)) if (entry.loaded) (providers[name] ??= []).push(entry.from);
      return { name: instance.name, providers };
    });
  });
}

it('a member coming back to home: banner, notices, unread count and products, each asked of the server once', async () => {
  await login(DEMO.phone, DEMO.password);
  await page.getByTestId('product-name').first().waitFor();
  // A cold start on home with the session kept: home's reads start from the bootstrap and the products
  // remote's prefetch, before home and its product list mount; they must not be asked for again then.
  fetched = [];
  await page.reload();
  const apiCalls = () => fetched.filter((url) => url.includes('/api/')).map((url) => new URL(url).pathname.replace(/^\/api\//, ''));
  await page.getByTestId('home-screen').locator('.home-banner__image').first().waitFor();
  await page.getByTestId('product-name').first().waitFor();
  await page.waitForLoadState('networkidle');
  const calls = apiCalls();
  for (const read of ['user/sys/carousel', 'user/sys/scroll-notice', 'user/sys/popup-notice', 'push/unread', 'orders/product/list', 'user/user/info']) {
    expect([read, calls.filter((call) => call === read).length]).toEqual([read, 1]);
  }
  // Home draws with the UI kit's first-load part alone: the forms, pickers and tabs are neither fetched
  // nor run (tools/rsbuild/kits.ts), and neither is the whole kit kept for remotes of contract version 3,
  // nor the whole of the pure workspace libraries, which each app bundles what it uses of
  // (tools/rsbuild/federation.ts) and the shell provides only for remotes built before.
  const shell = (await sharedModulesLoaded()).find((instance) => instance.name === 'rigshare_shell')!;
  expect(Object.keys(shell.providers)).toEqual(expect.arrayContaining(['antd-mobile/first-load', 'react', '@rigshare/session']));
  const wholeLibraries = ['antd-mobile', 'antd-mobile/on-demand', '@rigshare/domain', '@rigshare/ui'];
  expect(Object.keys(shell.providers).filter((name) => wholeLibraries.includes(name))).toEqual([]);
});

const TABS: [route: string, remote: RemoteName | 'shell'][] = [
  ['/projects', 'products'],
  ['/dynamic', 'community'],
  ['/index/friend', 'team'],
  ['/user/balance', 'wallet'],
  ['/message', 'messages'],
  ['/mine', 'shell'],
];

it('every tab opens, its code comes from its own remote origin, and shared libraries load once', async () => {
  await login(DEMO.phone, DEMO.password);
  for (const [route, remote] of TABS) {
    await go(route);
    // A fresh page load, so each remote is fetched for this screen alone.
    fetched = [];
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('reload-notice').count()).resolves.toBe(0);
    await expect(page.getByTestId('not-found').count()).resolves.toBe(0);
    if (remote !== 'shell') {
      const origin = stack.remoteOrigin(remote);
      // A remote's container and chunks come from its own origin, and from no other remote's.
      expect(fetched).toContain(`${origin}/remoteEntry.js`);
      expect(fetched.some((url) => url.startsWith(`${origin}/static/js/`))).toBe(true);
    }
  }

  // Now every remote in one page (hash navigation, no reload), then look at the federation share scope:
  // one React, one store (session lib), one axios and one i18next, all from the shell, used by every remote.
  for (const [route, remote] of TABS) {
    await go(route);
    if (remote === 'shell') continue;
    await page.waitForFunction(
      (name) => (globalThis as { __FEDERATION__?: { __INSTANCES__?: { name: string }[] } }).__FEDERATION__?.__INSTANCES__?.some((i) => i.name === name),
      `rigshare_${remote}`,
    );
  }
  const instances = await sharedModulesLoaded();
  expect(instances.map((i) => i.name).sort()).toEqual(
    ['rigshare_community', 'rigshare_messages', 'rigshare_products', 'rigshare_shell', 'rigshare_team', 'rigshare_wallet'],
  );
  // Every singleton of the build settings, but React's development JSX runtime, which no production build
  // loads, and the UI kit whole, which only remotes of contract version 3 ask for.
  const singletons = JSON.parse(fs.readFileSync(path.join(ROOT, 'tools/rsbuild/singletons.json'), 'utf8')) as string[];
  const SINGLETONS = singletons.filter((name) => name !== 'react/jsx-dev-runtime' && name !== 'antd-mobile');
  for (const { name, providers } of instances) {
    for (const singleton of SINGLETONS) {
      // Whatever a remote loaded of these, it took the shell's copy; none brought its own.
      expect([name, singleton, [...new Set(providers[singleton] ?? ['rigshare_shell'])]]).toEqual([name, singleton, ['rigshare_shell']]);
    }
  }
  // And the shell did load each of them.
  const shell = instances.find((i) => i.name === 'rigshare_shell')!;
  for (const singleton of SINGLETONS) expect([singleton, shell.providers[singleton]?.length]).toEqual([singleton, 1]);
  // The pure workspace libraries come in each app's own chunks: no app of this release takes the shell's whole copy.
  for (const { name, providers } of instances) expect([name, providers['@rigshare/domain'], providers['@rigshare/ui']]).toEqual([name, undefined, undefined]);
  // A remote that bundled React privately would leave no trace in the share scope: its manifest
  // must declare React, its JSX runtime and the UI kit as shared.
  for (const remote of ['products', 'wallet', 'team', 'community', 'messages'] as const) {
    const manifest = JSON.parse(fs.readFileSync(path.join(distOf(remote), 'mf-manifest.json'), 'utf8')) as { shared: { name: string }[] };
    expect([remote, manifest.shared.map((entry) => entry.name)]).toEqual([
      remote,
      expect.arrayContaining(['react', 'react/jsx-runtime', 'react-i18next', 'antd-mobile/first-load', 'antd-mobile/on-demand']),
    ]);
  }
});

it('a cold load and a walk through every tab log no warnings or errors and ask for nothing missing', async () => {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') logged.push(`${message.type()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) logged.push(`${response.status()} ${response.url()}`);
  });
  await login(DEMO.phone, DEMO.password);
  await page.getByTestId('product-name').first().waitFor();
  for (const [route] of TABS) {
    await go(route);
    await page.waitForLoadState('networkidle');
  }
  // Before: the share scope warned twice that React 19.3 does not satisfy ^16.8 || ^17 || ^18, and
  // the browser's /favicon.ico request got a 404.
  expect(logged).toEqual([]);
});

it('a remote opened at its own address says where it belongs, without running any script', async () => {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [remote, sentence] of [
    ['products', 'Rigshare products module. Open the Rigshare app to use it.'],
    ['console', 'Rigshare staff console module. Log in as staff in the Rigshare app to use it.'],
  ] as const) {
    await page.goto(`${stack.remoteOrigin(remote)}/`);
    await expect(page.locator('body').innerText()).resolves.toBe(sentence);
  }
  expect(scripts).toEqual([]);
  expect(errors).toEqual([]);
});

/**
 * The Content-Security-Policy of the page (tools/src/content-security-policy.ts), as the static servers
 * or the fleet's nginx send it. That nothing the app needs is blocked is checked after every browser
 * test (csp-check.ts); these check what it allows and that injected script does not run.
 */

/** The policy's directives: name -> sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

it("the shell's page allows the scripts of the shell, of each remote remotes.json lists and its own first-paint script, and nothing inline or evaluated", async () => {
  const response = await fetch(stack.shellUrl);
  const policy = response.headers.get('content-security-policy');
  expect(policy).toBeTruthy();
  const html = await response.text();
  const d = directives(policy!);

  const { remotes } = (await (await fetch(new URL('remotes.json', stack.shellUrl))).json()) as { remotes: { entry: string }[] };
  const shellOrigin = new URL(stack.shellUrl).origin;
  const remoteOrigins = remotes.map((r) => new URL(r.entry, stack.shellUrl).origin).filter((origin) => origin !== shellOrigin);
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${crypto.createHash('sha256').update(m[1]).digest('base64')}'`);
  expect(inlineScripts).toHaveLength(1);
  expect(new Set(d['script-src'])).toEqual(new Set(["'self'", ...remoteOrigins, ...inlineScripts]));
  // npm start: six remotes on six ports of their own; the fleet: all on the page's origin.
  expect(new Set(remoteOrigins).size).toBe(stack.fleet ? 0 : 6);

  const { apiHosts } = (await (await fetch(new URL('config.json', stack.shellUrl))).json()) as { apiHosts: Record<string, string> };
  const apiOrigin = new URL(apiHosts.user, stack.shellUrl).origin;
  // The remotes' origins too: the shell asks a remote that was down for its container until it is back.
  // The API's WebSocket origin for the live channel; on the page's own origin (the fleet) 'self' covers it.
  const socketOf = (origin: string) => origin.replace(/^http/, 'ws');
  const expected = ["'self'", ...remoteOrigins, apiOrigin, socketOf(apiOrigin)].filter((source) => source !== shellOrigin && source !== socketOf(shellOrigin));
  expect(new Set(d['connect-src'])).toEqual(new Set(expected));
  expect(d['object-src']).toEqual(["'none'"]);
  expect(d['base-uri']).toEqual(["'none'"]);
  expect(d['frame-ancestors']).toEqual(["'none'"]);
  expect(policy).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);

  // A remote's own page loads nothing at all.
  const remotePage = await fetch(`${stack.remoteOrigin('products')}/`);
  expect(remotePage.headers.get('content-security-policy')).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
});

it('markup that gets into the page cannot run script: inline, in a handler, from another origin or evaluated', async () => {
  await login(DEMO.phone, DEMO.password);
  await go('/dynamic');
  await page.waitForLoadState('networkidle');
  expect(takeCspViolations()).toEqual([]);

  // One of the shell's own scripts, from another origin (127.0.0.1 instead of localhost): not the app's.
  const shellScript = await page.evaluate(() => [...document.scripts].map((s) => s.src).find((src) => src.includes('/static/js/'))!);
  const elsewhere = shellScript.replace('//localhost:', '//127.0.0.1:');
  expect(elsewhere).not.toBe(shellScript);
  const ran = await page.evaluate(async (elsewhere) => {
    const w = window as unknown as { __ran?: string[] };
    w.__ran = [];
    const inline = document.createElement('script');
    inline.textContent = "window.__ran.push('inline')";
    document.body.appendChild(inline);
    const holder = document.createElement('div');
    holder.innerHTML = `<img src="data:," onerror="window.__ran.push('handler')"><a id="csp-link" href="javascript:window.__ran.push('link')">x</a>`;
    document.body.appendChild(holder);
    (document.getElementById('csp-link') as HTMLAnchorElement).click();
    const foreign = document.createElement('script');
    foreign.src = elsewhere;
    const settled = new Promise((resolve) => ((foreign.onload = () => resolve('loaded')), (foreign.onerror = () => resolve('refused'))));
    document.body.appendChild(foreign);
    // Later, in a task of the page's own (code the test evaluates directly may compile strings).
    const evaluated = await new Promise((resolve) =>
      setTimeout(() => {
        try {
          new Function("window.__ran.push('function')")();
          resolve('ran');
        } catch (error) {
          resolve((error as Error).name);
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { ran: w.__ran, foreign: await settled, evaluated };
  }, elsewhere);

  expect(ran).toEqual({ ran: [], foreign: 'refused', evaluated: 'EvalError' });
  const blocked = takeCspViolations().map((v) => v.replace(/^.*?: /, '').replace(/ \(.*$/, ''));
  expect(blocked).toEqual(
    expect.arrayContaining(['script-src-elem blocked inline', 'script-src-attr blocked inline', `script-src-elem blocked ${elsewhere}`, 'script-src blocked eval']),
  );
});

it('the shell bundle holds no remote screen code and no remote address', () => {
  const jsDir = path.join(distOf('shell'), 'static/js');
  const files = (fs.readdirSync(jsDir, { recursive: true }) as string[]).filter((file) => file.endsWith('.js'));
  // A remote's exposed routes module is emitted as a __federation_expose_* chunk in that remote only.
  expect(files.filter((file) => file.includes('__federation_expose'))).toEqual([]);
  const holding = (needle: RegExp) => files.filter((file) => needle.test(fs.readFileSync(path.join(jsDir, file), 'utf8')));
  // Test ids and translation keys that only remote screens use.
  expect(holding(/product-card|order-card|agree-lease|receive-income/)).toEqual([]);
  expect(holding(/localhost:\d+|127\.0\.0\.1:\d+/)).toEqual([]);
});

it("the first load's scripts, as served, ask the browser to compile them while they stream in; the chunks loaded on demand do not", async () => {
  const html = await (await fetch(stack.shellUrl)).text();
  // The page's loader names the entry's scripts; the app's bootstrap chunk is the one its entry asks for first.
  const entryScripts = [...html.matchAll(/"(\/static\/js\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(entryScripts).toHaveLength(2);
  const asyncDir = path.join(distOf('shell'), 'static/js/async');
  const asyncFiles = fs.readdirSync(asyncDir).filter((file) => file.endsWith('.js'));
  const bootstrap = asyncFiles.filter((file) => file.startsWith('bootstrap.')).map((file) => `/static/js/async/${file}`);
  expect(bootstrap).toHaveLength(1);
  const served = async (file: string) => (await fetch(new URL(file.slice(1), stack.shellUrl), { headers: { 'accept-encoding': 'br' } })).text();
  for (const file of [...entryScripts, ...bootstrap]) expect((await served(file)).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  const onDemand = asyncFiles.filter((file) => !file.startsWith('bootstrap.'));
  expect(onDemand.length).toBeGreaterThan(0);
  for (const file of onDemand) expect(fs.readFileSync(path.join(asyncDir, file), 'utf8')).not.toContain('allFunctionsCalledOnLoad');
});

it('switching to Hindi shows Hindi text on the tab bar', async () => {
  await login(DEMO.phone, DEMO.password);
  await go('/index/language');
  await page.getByText('हिन्दी').click();
  await go('/index');
  const hindiHome = text('shell/locales/hi-IN/shell.json', 'tabs.home');
  const hindiMine = text('shell/locales/hi-IN/shell.json', 'tabs.mine');
  await page.locator('.app-tab-bar').getByText(hindiHome).waitFor();
  await expect(page.locator('.app-tab-bar').getByText(hindiMine).isVisible()).resolves.toBe(true);
  await expect(page.evaluate(() => localStorage.getItem('rigshare.language'))).resolves.toBe('hi-IN');
  // The choice survives a reload.
  await page.reload();
  await page.locator('.app-tab-bar').getByText(hindiHome).waitFor();
});

it('the login screen paints in the visitor\'s language before any script has loaded, and gives way to the live one', async () => {
  await context.addInitScript(() => localStorage.setItem('rigshare.language', 'ta-IN'));
  const tamilSubmit = text('shell/locales/ta-IN/shell.json', 'login.submit');
  const tamilWelcome = text('shell/locales/ta-IN/shell.json', 'login.welcome');
  // No JavaScript file arrives: what shows is the page's own markup.
  await page.route('**/*.js', (route) => route.abort());
  await go('/user/login');
  await page.locator('#first-paint').getByText(tamilWelcome).waitFor();
  await expect(page.locator('#first-paint').getByRole('button', { name: tamilSubmit }).isVisible()).resolves.toBe(true);
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ta-IN');
  // It is a picture of the form: nothing in it takes focus or a click.
  await expect(page.locator('#first-paint').getAttribute('inert')).resolves.toBe('');

  // The page's PerformanceObserver, watched: when the loader asks for paint entries, and when the
  // browser hands it the first one (before the loader's callback runs).
  await page.addInitScript(() => {
    const seen: { observed: boolean; reportedAt?: number } = { observed: false };
    (window as unknown as { __paintSignal: typeof seen }).__paintSignal = seen;
    const Native = window.PerformanceObserver;
    window.PerformanceObserver = class extends Native {
      constructor(callback: PerformanceObserverCallback) {
        super((list, observer) => {
          if (list.getEntriesByType('paint').length > 0) seen.reportedAt ??= performance.now();
          callback(list, observer);
        });
      }
      override observe(options?: PerformanceObserverInit) {
        if (options?.type === 'paint') seen.observed = true;
        super.observe(options);
      }
    };
  });
  await page.unroute('**/*.js');
  await page.reload();
  await page.getByTestId('login-submit').waitFor();
  await expect(page.locator('#first-paint').count()).resolves.toBe(0);
  await expect(page.locator('form.auth-form').count()).resolves.toBe(1);
  await expect(page.getByTestId('login-submit').textContent()).resolves.toBe(tamilSubmit);
  // The app's scripts are asked for once the browser reports the copy painted (its first `paint` entry),
  // not while its frame is drawn: downloaded and evaluated before that, they would hold the first paint
  // back. What the loader controls is the order: no script request before the browser has reported the
  // paint, or before its one-second fallback (which cannot fire before 1000 ms of the page's clock).
  // How far apart the two are follows the machine's speed: a figure for the benchmarks, not a test.
  const { signal, firstScript } = await page.evaluate(() => ({
    signal: (window as unknown as { __paintSignal: { observed: boolean; reportedAt?: number } }).__paintSignal,
    firstScript: Math.min(...performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.startTime)),
  }));
  expect(signal.observed).toBe(true);
  expect(firstScript).toBeGreaterThanOrEqual(Math.min(signal.reportedAt ?? Infinity, 1000));

  // A member with a session lands on home: the page shows no login form first (nor home's frame:
  // home has not been opened on this device, so there is no banner to paint it with).
  await page.evaluate(() => localStorage.setItem('rigshare.token', 'kept'));
  await page.route('**/*.js', (route) => route.abort());
  await go('/index');
  await page.reload();
  await expect(page.locator('#first-paint').count()).resolves.toBe(0);
});

it('home paints for a member coming back before any script has loaded, with the banner and shortcuts home showed last', async () => {
  // The service worker would hand the page the scripts from its cache, past the aborted requests below.
  await context.close();
  context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  page = await context.newPage();
  await context.addInitScript(() => localStorage.setItem('rigshare.language', 'te-IN'));
  await login(DEMO.phone, DEMO.password);
  const live = page.getByTestId('home-screen');
  await live.locator('.home-banner__image').first().waitFor();
  const banner = await live.locator('.home-banner__image').first().getAttribute('src');
  const shortcuts = await live.locator('.quick-links__label').allTextContents();
  expect(shortcuts.length).toBeGreaterThan(0);

  // No JavaScript file arrives: what shows is the page's own markup, filled from what home kept.
  await page.route('**/*.js', (route) => route.abort());
  await page.reload();
  const frame = page.locator('#first-paint');
  await frame.locator('.home-banner__image').waitFor();
  await expect(frame.locator('.home-banner__image').getAttribute('src')).resolves.toBe(banner);
  await page.waitForFunction(() => (document.querySelector('#first-paint .home-banner__image') as HTMLImageElement | null)?.naturalWidth);
  await expect(frame.locator('.quick-links__label').allTextContents()).resolves.toEqual(shortcuts);
  await frame.locator('.app-tab-bar').getByText(text('shell/locales/te-IN/shell.json', 'tabs.home')).waitFor();
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('te-IN');
  await expect(frame.getAttribute('inert')).resolves.toBe('');
  // Its icons are drawn: every <use> points at a symbol of the page's one sprite.
  const icons = await page.evaluate(() =>
    Array.from(document.querySelectorAll('#first-paint use')).map((use) => {
      const target = document.querySelector(use.getAttribute('href') ?? '#none');
      return target?.tagName === 'symbol' && use.closest('svg')!.getBoundingClientRect().width > 0;
    }),
  );
  expect(icons.length).toBeGreaterThan(5);
  expect(icons.every(Boolean)).toBe(true);
  // The frame fits the phone's width in the longest of the ten languages' words.
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);

  // With the scripts the live home takes over: the frame goes, the live screen shows the banner.
  await page.unroute('**/*.js');
  await page.reload();
  await live.locator('.home-banner__image').first().waitFor();
  await expect(frame.count()).resolves.toBe(0);
  await expect(live.locator('.quick-links__label').allTextContents()).resolves.toEqual(shortcuts);
});

it('an expired session sends the member to login with a message saying so', async () => {
  await login(DEMO.phone, DEMO.password);
  // Leave the app first: a call still in flight from the home page would otherwise meet the 401
  // itself and log out before the fresh load below.
  await page.goto('about:blank');
  // The operator's clock moves past the session's expiry.
  stack.db.prepare("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z'").run();
  // Reads may use the session the API looked up moments ago for this long; then they see the change.
  await page.waitForTimeout(SESSION_CACHE_SECONDS * 1000);
  // A fresh load of a member screen: its first call meets the 401 and shows the server's message, or the
  // live channel, refused for the same expired session, gets there first (the fleet, behind nginx, sees
  // both orders) and shows the same words.
  await go('/mine');
  await page.getByText('Your session has expired, please log in again').first().waitFor();
  await expect(page.getByText('Your session has ended').count()).resolves.toBe(0);
  await page.waitForFunction(() => location.hash.startsWith('#/user/login'));
  await expect(page.evaluate(() => localStorage.getItem('rigshare.token'))).resolves.toBeNull();
});

it('logout clears the session after the server confirms', async () => {
  await login(DEMO.phone, DEMO.password);
  const token = await page.evaluate(() => localStorage.getItem('rigshare.token'));
  expect(token).toBeTruthy();
  await go('/user/information');
  await page.getByTestId('logout').click();
  await page.locator('.adm-dialog').getByRole('button').last().click();
  await page.waitForFunction(() => location.hash.startsWith('#/user/login'));
  await expect(page.evaluate(() => localStorage.getItem('rigshare.token'))).resolves.toBeNull();
  // The token is revoked on the server too.
  const info = await fetch(`${stack.apiOrigin}/api/user/user/info`, { headers: { 'X-Access-Token': token! } });
  expect(info.status).toBe(401);
  await go('/mine');
  await page.waitForFunction(() => location.hash.startsWith('#/user/login'));
});

it('with one remote down its tab shows the fallback while the other tabs work', async () => {
  // Stopped before home opens: home loads the other remotes in idle time (warmRemotes), so a community
  // stopped afterwards could already be loaded in the page.
  await stack.stopRemote('community');
  try {
    await login(DEMO.phone, DEMO.password);
    await go('/dynamic');
    await page.getByText(text('shell/locales/en-US/shell.json', 'reload.title')).waitFor();
    // It reloads once after a second, then stays on the message instead of looping.
    await page.waitForEvent('load', { timeout: 5000 });
    await page.getByText(text('shell/locales/en-US/shell.json', 'reload.title')).waitFor();
    await expect(page.getByTestId('not-found').count()).resolves.toBe(0);
    await go('/projects');
    await page.getByTestId('product-card').first().waitFor();
    await go('/index/friend');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('reload-notice').count()).resolves.toBe(0);
  } finally {
    await stack.startRemote('community');
  }
});

function digestOf(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of (fs.readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex');
}

it('a remote rebuilt with a changed label and redeployed shows the change on reload, with no shell rebuild', async () => {
  await login(DEMO.phone, DEMO.password);
  const shellBefore = digestOf(path.join(distOf('shell'), 'static'));

  // A copy of the messages remote with its English screen title changed, built into its own folder.
  // Two levels below the root, like remotes/messages, so its build config resolves the same way.
  const workdir = path.join(ROOT, '.e2e-artifacts/messages');
  fs.rmSync(workdir, { recursive: true, force: true });
  fs.mkdirSync(workdir, { recursive: true });
  for (const item of ['src', 'locales', 'rsbuild.config.ts', 'package.json', 'tsconfig.json']) {
    fs.cpSync(path.join(ROOT, 'remotes/messages', item), path.join(workdir, item), { recursive: true });
  }
  const localeFile = path.join(workdir, 'locales/en-US/messages.json');
  const messages = JSON.parse(fs.readFileSync(localeFile, 'utf8'));
  const titleKey = Object.keys(messages).find((key) => typeof messages[key]?.title === 'string')!;
  const newTitle = `${messages[titleKey].title} · v2`;
  messages[titleKey].title = newTitle;
  fs.writeFileSync(localeFile, JSON.stringify(messages, null, 2));
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build'], { cwd: workdir, stdio: 'ignore' });

  await go('/message');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(newTitle).count()).resolves.toBe(0);

  await stack.stopRemote('messages');
  await stack.startRemote('messages', path.join(workdir, 'dist'));
  try {
    await page.reload();
    await page.getByText(newTitle).first().waitFor();
    expect(digestOf(path.join(distOf('shell'), 'static'))).toBe(shellBefore);
  } finally {
    await stack.stopRemote('messages');
    await stack.startRemote('messages');
    fs.rmSync(workdir, { recursive: true, force: true });
  }
  // It builds a remote for production: under a loaded CI machine, with another browser file beside it,
  // that build alone took most of the default two minutes.
}, 300_000);
