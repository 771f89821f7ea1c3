/**
 * Debian's Chromium driven by playwright-core (no browser download here): its headless shell
 * (`chromium-headless-shell`, Chromium's old headless mode, what Playwright runs headless tests in), the
 * same Blink and V8 as `chromium` without the browser's own window code. A walk through every screen
 * used about 40 % less CPU in it (docs/performance.md, "CI"). CHROMIUM_PATH runs another build.
 */
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page, type WebSocket } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What a page says when its Content-Security-Policy blocks something (the init script below). */
const VIOLATION = '[content-security-policy] ';

/**
 * Runs in every frame before the page's own scripts: reports each violation on the console. But for
 * a <style> inserted by code a test evaluated in the page, which has no source file (the app's code
 * always has one, its bundle's or the page's): axe-core parses the page's styles through <style>
 * elements of its own, and the policy rightly blocks them.
 */
const REPORT_VIOLATIONS = `addEventListener('securitypolicyviolation', function (e) {
  if (e.effectiveDirective === 'style-src-elem' && !e.sourceFile) return;
  console.error(${JSON.stringify(VIOLATION)} + e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + ' (' + (e.sourceFile || location.href) + ':' + e.lineNumber + ')');
}, true);`;

const violations: string[] = [];

/**
 * The Content-Security-Policy violations pages reported since the last call (and forgets them).
 * After every test of tools/e2e, `csp-check.ts` fails the test when there was one: every screen the
 * tests open runs under the app's policy, and nothing it needs may be blocked. A test that makes one
 * on purpose takes it with this first.
 */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

/** Chromium; each of its contexts reports the policy violations of its pages (`takeCspViolations`). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(REPORT_VIOLATIONS);
    context.on('console', (message) => {
      if (message.text().startsWith(VIOLATION)) violations.push(`${message.page()?.url() ?? ''}: ${message.text().slice(VIOLATION.length)}`);
    });
    return context;
  };
  return browser;
}

/** The phone every member screen is tested on (DESIGN.md: screens must fit 390 px wide). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true } as const;

/** The staff console's desk screen. */
export const STAFF_SCREEN = { viewport: { width: 1280, height: 800 } } as const;

/** A page in a new phone context of its own (`options` add to or override PHONE). */
export async function phonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext({ ...PHONE, ...options })).newPage();
}

/** antd-mobile puts data-* attributes on the wrapper; this finds the input either way. */
export function field(page: Page, testId: string) {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** The hash route the page shows, e.g. `/user/login`. */
export function currentRoute(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
}

/**
 * Waits until the <img> has loaded and decoded a picture (a broken link, a 404 or a refused file never
 * does); returns its natural width. How a screen's private pictures (signed links) are seen to work.
 */
export async function pictureShown(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, handle, { timeout: 15_000 });
  return image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
}

/**
 * Follows a page's live channel (its WebSocket to /api/live): `connected()` resolves once one of them is
 * open and the server has answered its auth frame with ready, so what is committed next reaches the page.
 */
export function watchLiveChannel(page: Page): { connected(): Promise<void> } {
  const sockets: { socket: WebSocket; ready: boolean }[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname !== '/api/live') return;
    const seen = { socket, ready: false };
    sockets.push(seen);
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('"type":"ready"')) seen.ready = true;
    });
  });
  return {
    async connected() {
      const deadline = Date.now() + 15_000;
      while (!sockets.some(({ socket, ready }) => ready && !socket.isClosed())) {
        if (Date.now() > deadline) throw new Error('the page has no live channel the server answered ready within 15 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
