/**
 * Every screen meets WCAG 2.1 AA as axe-core checks it: the same route walk as the layout test,
 * axe run on each screen once it has settled. Also what axe does not decide: pinch-zoom stays possible,
 * and text over a gradient has the contrast it needs (contrast.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PRODUCT_STATUS } from '@rigshare/domain';
import { launchBrowser, PHONE } from './browser';
import { axeViolations } from './axe';
import { callAsPage, DEMO, loginThroughScreen, productOnSale, staffSessionScript, staffSessionThroughApi } from './session';
import { startStack, type Stack } from './stack';
import { allRoutes, staffScreensAndTabs, walkRoutes } from './walk';
import { distOf } from '../src/topology';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

async function productToShow(): Promise<number> {
  const response = await fetch(`${stack.apiOrigin}/api/orders/product/list?pageNum=1&pageSize=50`);
  const { data } = (await response.json()) as { data: { list: { id: number; status: number }[] } };
  return (data.list.find((product) => product.status === PRODUCT_STATUS.preSale) ?? data.list[0]).id;
}

it('the page lets a member zoom: no maximum-scale or user-scalable=no in the viewport', () => {
  const html = fs.readFileSync(path.join(distOf('shell'), 'index.html'), 'utf8');
  const viewport = /<meta name="viewport" content="([^"]*)"/.exec(html)?.[1];
  expect(viewport).toContain('width=device-width');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*no/);
});

it('no screen has a WCAG 2.1 AA violation axe-core can find', async () => {
  const routes = allRoutes({ '/index/detail': `id=${await productToShow()}` });
  const login = await browser.newContext(PHONE);
  await loginThroughScreen(await login.newPage(), stack.shellUrl, DEMO.phone, DEMO.password);
  await giveTheDemoMemberDatedAndDebitedContent(login.pages()[0]);
  const storageState = await login.storageState();
  await login.close();

  const violations: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    storageState,
    // English, and Tamil for the longest labels and another script.
    locales: ['en-US', 'ta-IN'],
    routes,
    pages: 2,
    async visit(page, locale, route) {
      for (const violation of await axeViolations(page)) violations.push(`${locale} ${route}: ${violation}`);
    },
  });
  expect(violations).toEqual([]);
}, 600_000);

it('no staff console screen has a WCAG 2.1 AA violation axe-core can find', async () => {
  const routes = staffScreensAndTabs();
  const session = await staffSessionThroughApi(stack, 'axe-admin', 'admin');
  const violations: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    initScript: staffSessionScript(session),
    locales: ['en-US', 'ta-IN'],
    routes,
    pages: 2,
    async visit(page, locale, route) {
      for (const violation of await axeViolations(page)) violations.push(`${locale} ${route}: ${violation}`);
    },
  });
  expect(violations).toEqual([]);
}, 300_000);

/**
 * Contrast is checked on what is on the screen: without news, messages or a debit, the grey times and the
 * red amounts would be absent and pass unseen. A rented machine is a debit in the records.
 */
async function giveTheDemoMemberDatedAndDebitedContent(page: Page): Promise<void> {
  stack.admin('news:publish', '--title', 'Pool maintenance', '--content', 'The pool is paused on Sunday.');
  stack.admin('push:send', DEMO.phone, '--title', 'Welcome', '--content', 'Your account is ready.');
  const product = await productOnSale(stack);
  const order = await callAsPage(page, stack.apiOrigin, 'POST', '/orders/mine/order/create', { productId: String(product.id), quantity: '1', agree: '1', couponId: '', requestId: `e2e-axe-${Date.now()}` });
  expect(order.code).toBe(200);
}

