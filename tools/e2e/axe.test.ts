/**
 * The accessibility check the walks run on every screen (axe.ts) finds what it is there to find: a
 * walk that reports nothing proves something only if the check reports a broken rule when there is one.
 * No app here: pages written for the purpose, in the browser the walks use.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE, takeCspViolations } from './browser';
import { axeViolations } from './axe';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());
beforeEach(async () => {
  page = await (await browser.newContext(PHONE)).newPage();
});
afterEach(async () => page.context().close());

const html = (body: string) => `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>${body}</main></body></html>`;

it('passes a page that breaks no rule', async () => {
  await page.setContent(html('<h1>Balance</h1><p>Your balance is 10.00 USDT.</p><button type="button">Withdraw</button>'));
  expect(await axeViolations(page)).toEqual([]);
});

it('reports each broken rule with where it is broken', async () => {
  await page.setContent(
    html(
      '<h1>Balance</h1>' +
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
        '<button type="button"></button>' +
        '<p style="color:#bbb;background:#fff">Pale text on white</p>',
    ),
  );
  expect((await axeViolations(page)).sort()).toEqual(['button-name (critical) at button', 'color-contrast (serious) at p', 'image-alt (critical) at img']);
});

it('measures text over a gradient, which axe leaves undecided, and reports it when too pale', async () => {
  const overGradient = (text: string) =>
    `<div style="background:linear-gradient(90deg,#ffffff,#eeeeee);padding:8px"><p style="color:${text}">Invite friends</p></div>`;
  await page.setContent(html(overGradient('#111111')));
  expect(await axeViolations(page)).toEqual([]);
  await page.setContent(html(overGradient('#cccccc')));
  // Measured against each colour of the gradient.
  expect(await axeViolations(page)).toEqual([
    'color-contrast over a gradient at p: 1.61:1 over rgb(255, 255, 255) of its gradient, 4.5:1 needed',
    'color-contrast over a gradient at p: 1.38:1 over rgb(238, 238, 238) of its gradient, 4.5:1 needed',
  ]);
});

it("does not report axe's own blocked <style> elements as the app's policy violations, and still reports the page's own", async () => {
  // A page under a policy that blocks inline styles, with a stylesheet from another origin (as each remote's
  // is on separate origins), whose own script inserts one <style> when asked.
  const policy = "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' http://styles.test; connect-src 'self' http://styles.test";
  const pageScript = 'function insertStyle() { var s = document.createElement("style"); s.textContent = "p {}"; document.head.appendChild(s); }';
  await page.route('http://styles.test/screen.css', (route) =>
    route.fulfill({ contentType: 'text/css', headers: { 'access-control-allow-origin': '*' }, body: 'h1 { color: #222; }' }),
  );
  await page.route('http://policy.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'content-security-policy': policy },
      body: html(`<link rel="stylesheet" href="http://styles.test/screen.css"><h1>Balance</h1><p>Your balance is 10.00 USDT.</p><script>${pageScript}</script>`),
    }),
  );
  await page.goto('http://policy.test/');
  // axe reads a stylesheet of another origin by parsing its text in a <style> element of its own: blocked, not reported.
  expect(await axeViolations(page)).toEqual([]);
  await page.waitForTimeout(300);
  expect(takeCspViolations()).toEqual([]);

  await page.evaluate(() => (window as unknown as { insertStyle(): void }).insertStyle());
  await page.waitForTimeout(300);
  expect(takeCspViolations()).toEqual([expect.stringContaining('style-src-elem blocked inline (http://policy.test/:')]);
});
