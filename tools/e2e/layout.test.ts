/**
 * Every screen fits a 390 px phone in every language: no page wider than the screen (which
 * scrolls sideways and pushes the tab bar off), no text cut off by its box and no word split across
 * lines. One browser, one login, one reload per language, then hash navigation through every route
 * (tools/e2e/walk.ts). The same walk checks the Tamil screens with axe-core (WCAG 2.1 AA, axe.ts):
 * drawing each screen is what a walk costs, so each is drawn once for both.
 * Also what the walk cannot see by itself: the lease agreement reads in the page flow, every shortcut
 * on Home and Mine leads to a screen that exists, and the page lets a member zoom.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PHONE } from './browser';
import { axeViolations } from './axe';
import { callAsPage, DEMO, demoMemberStorage, productOnSale, productToShow } from './session';
import { WALK_SERVING } from './stack';
import { useStack } from './use-stack';
import { screenMisfits, wordsSplitAcrossLines } from './fit';
import { LOCALES, memberRoutes, openRoute, trackRequests, walkRoutes } from './walk';
import { distOf } from '../src/topology';

const { stack, browser } = useStack({}, { serving: WALK_SERVING });
/** The demo member's browser storage after one login through the screen. */
let member: BrowserContextOptions['storageState'];

beforeAll(async () => {
  member = await demoMemberStorage(browser, stack.shellUrl);
  await giveTheDemoMemberDatedAndDebitedContent();
});

/**
 * What the screens show must be there for the checks to see it: without news, messages or a debit, the
 * grey times and the red amounts would be absent, their contrast and their fit passed unseen. A rented
 * machine is a debit in the records.
 */
async function giveTheDemoMemberDatedAndDebitedContent(): Promise<void> {
  stack.admin('news:publish', '--title', 'Pool maintenance', '--content', 'The pool is paused on Sunday.');
  stack.admin('push:send', DEMO.phone, '--title', 'Welcome', '--content', 'Your account is ready.');
  const context = await browser.newContext({ ...PHONE, storageState: member });
  try {
    const page = await context.newPage();
    await page.goto(stack.shellUrl);
    const product = await productOnSale(stack);
    const order = await callAsPage(page, stack.apiOrigin, 'POST', '/orders/mine/order/create', { productId: String(product.id), quantity: '1', agree: '1', couponId: '', requestId: `e2e-layout-${Date.now()}` });
    expect(order.code).toBe(200);
  } finally {
    await context.close();
  }
}

/** Tamil, for the longest labels and another script; English is checked on every member screen by the tap-only crawl (reach.test.ts). */
const AXE_LOCALE = 'ta-IN';

it("no screen is wider than a 390 px phone, cuts off text, splits a word or shows the browser's own file field, in any of the ten languages; none has a WCAG 2.1 AA violation axe-core can find in Tamil", async () => {
  const routes = memberRoutes({ '/index/detail': `id=${await productToShow(stack)}` });
  expect(routes.length).toBeGreaterThan(30);
  const problems: string[] = [];
  const violations: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    storageState: member,
    locales: LOCALES,
    routes,
    async visit(page, locale, route, inFlight) {
      // On the screen as it opened, before the fit check sends its form.
      if (locale === AXE_LOCALE) for (const violation of await axeViolations(page)) violations.push(`${locale} ${route}: ${violation}`);
      for (const misfit of await screenMisfits(page, inFlight)) problems.push(`${locale} ${route}: ${misfit}`);
    },
  });
  expect(problems).toEqual([]);
  expect(violations).toEqual([]);
}, 600_000);

it('the page lets a member zoom: no maximum-scale or user-scalable=no in the viewport', () => {
  const html = fs.readFileSync(path.join(distOf('shell'), 'index.html'), 'utf8');
  const viewport = /<meta name="viewport" content="([^"]*)"/.exec(html)?.[1];
  expect(viewport).toContain('width=device-width');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*no/);
});

// The walk above checks Team's invite code with every other word; the share dialog opens only on a tap.
it('the invite code reads as one word and the invite link in full lines in the share dialog, in every language', async () => {
  const problems: string[] = [];
  /** The invite code is one word: split across lines, it was squeezed. */
  const codeSplit = async (page: Page, testId: string) =>
    (await page.evaluate(wordsSplitAcrossLines, `[data-testid="${testId}"] .rs-copy-text__value`)).length > 0;
  /** A copyable value's share of its row's width: squeezed beside a long label it gets a sliver. */
  const widthShare = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .locator('.rs-copy-text__value')
      .evaluate((value) => value.getBoundingClientRect().width / value.closest('.rs-copy-text')!.getBoundingClientRect().width);
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    storageState: member,
    locales: LOCALES,
    routes: ['/index'],
    async visit(page, locale) {
      await page.getByTestId('header-share').click();
      await page.getByTestId('share-dialog').waitFor();
      if (await codeSplit(page, 'share-invite-code')) problems.push(`${locale} share dialog: invite code split across lines`);
      const share = await widthShare(page, 'share-url');
      if (share < 0.6) problems.push(`${locale} share dialog: invite link in ${Math.round(share * 100)} % of its row`);
    },
  });
  expect(problems).toEqual([]);
}, 300_000);

it('the lease agreement reads in the page flow, whole, not through an inner scroll box', async () => {
  const context = await browser.newContext({ ...PHONE, storageState: member });
  try {
    const page = await context.newPage();
    await openRoute(page, stack.shellUrl, `/index/detail?id=${await productToShow(stack)}`, trackRequests(page));
    const agreement = page.getByTestId('lease-agreement');
    await agreement.waitFor();
    const boxes = await agreement.evaluate((root) => {
      const scrolling: string[] = [];
      const inside = [root, ...Array.from(root.querySelectorAll('*'))];
      for (let el: Element | null = root.parentElement; el && el !== document.body; el = el.parentElement) inside.push(el);
      for (const el of inside) {
        const { overflowY } = getComputedStyle(el);
        if (['auto', 'scroll', 'hidden'].includes(overflowY) && el.scrollHeight > el.clientHeight + 1) {
          scrolling.push(`${el.className}: ${el.clientHeight}px showing of ${el.scrollHeight}px`);
        }
      }
      return scrolling;
    });
    expect(boxes).toEqual([]);
    // Every section is on the page, the last one too.
    const sections = page.getByTestId('lease-agreement-text').locator('h3');
    expect(await sections.count()).toBeGreaterThan(1);
    await sections.last().scrollIntoViewIfNeeded();
    await expect(sections.last().isVisible()).resolves.toBe(true);
  } finally {
    await context.close();
  }
});

it('every shortcut on Home and Mine opens a screen that exists; none leads to "Not available yet"', async () => {
  const context = await browser.newContext({ ...PHONE, storageState: member });
  try {
    const page = await context.newPage();
    const inFlight = trackRequests(page);
    const dead: string[] = [];
    for (const [route, links] of [['/index', '.quick-links a'], ['/mine', '.mine-shortcuts a']]) {
      await openRoute(page, stack.shellUrl, route, inFlight);
      const targets = await page.locator(links).evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
      expect(targets.length).toBeGreaterThan(3);
      for (const target of targets) {
        await openRoute(page, stack.shellUrl, target.replace(/^#/, ''), inFlight);
        if (await page.getByTestId('not-yet-available').count()) dead.push(`${route} → ${target}`);
      }
    }
    expect(dead).toEqual([]);
  } finally {
    await context.close();
  }
});
