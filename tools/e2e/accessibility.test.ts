/**
 * Every screen meets WCAG 2.1 AA as axe-core checks it: the same route walk as the layout test,
 * axe run on each screen once it has settled. Also what axe does not decide: pinch-zoom stays possible,
 * and text over a gradient has the contrast it needs (contrast.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { LocaleTag } from '@rigshare/domain';
import { PHONE } from './browser';
import { axeViolations } from './axe';
import { callAsPage, DEMO, loginThroughScreen, productOnSale, productToShow, staffSessionScript, staffSessionThroughApi } from './session';
import { WALK_SERVING } from './stack';
import { useStack } from './use-stack';
import { memberRoutes, staffScreensAndTabs, walkRoutes, type WalkOptions } from './walk';
import { distOf } from '../src/topology';

const { stack, browser } = useStack({}, { serving: WALK_SERVING });

/** What axe finds on each of `routes` in each of `locales`, signed in as `as` says, two pages at a time. */
async function violationsOnWalk(routes: string[], locales: LocaleTag[], as: Pick<WalkOptions, 'storageState' | 'initScript'>): Promise<string[]> {
  const violations: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    ...as,
    locales,
    routes,
    pages: 2,
    async visit(page, locale, route) {
      for (const violation of await axeViolations(page)) violations.push(`${locale} ${route}: ${violation}`);
    },
  });
  return violations;
}

it('the page lets a member zoom: no maximum-scale or user-scalable=no in the viewport', () => {
  const html = fs.readFileSync(path.join(distOf('shell'), 'index.html'), 'utf8');
  const viewport = /<meta name="viewport" content="([^"]*)"/.exec(html)?.[1];
  expect(viewport).toContain('width=device-width');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*no/);
});

it('no screen has a WCAG 2.1 AA violation axe-core can find', async () => {
  const routes = memberRoutes({ '/index/detail': `id=${await productToShow(stack)}` });
  const login = await browser.newContext(PHONE);
  await loginThroughScreen(await login.newPage(), stack.shellUrl, DEMO.phone, DEMO.password);
  await giveTheDemoMemberDatedAndDebitedContent(login.pages()[0]);
  const storageState = await login.storageState();
  await login.close();

  // Tamil, for the longest labels and another script. English is checked on every member screen by the
  // tap-only crawl (reach.test.ts), which runs the same axe checks on each screen it arrives on.
  expect(await violationsOnWalk(routes, ['ta-IN'], { storageState })).toEqual([]);
}, 600_000);

it('no staff console screen has a WCAG 2.1 AA violation axe-core can find', async () => {
  const routes = staffScreensAndTabs();
  const session = await staffSessionThroughApi(stack, 'axe-admin', 'admin');
  // English and Tamil: the crawl reaches each console screen but not each of its tabs.
  expect(await violationsOnWalk(routes, ['en-US', 'ta-IN'], { initScript: staffSessionScript(session) })).toEqual([]);
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

