/**
 * The staff console fits a 390 px phone in every language too (issue 12: "desktop-first, usable on a
 * phone"): an admin, who may open every section, walks every console screen the built remote serves.
 * Tables may scroll sideways inside their own box; the page itself may not, no label is cut off, and no
 * word or figure in a table is split across two lines.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { screenMisfits } from './fit';
import { staffSessionScript, staffSessionThroughApi } from './session';
import { startStack, type Stack } from './stack';
import { LOCALES, staffScreensAndTabs, walkRoutes } from './walk';

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

it('no console screen is wider than a 390 px phone, cuts off text or splits a word in a table, in any of the ten languages', async () => {
  const routes = staffScreensAndTabs();
  expect(routes).toContain('/console/withdrawals');
  const session = await staffSessionThroughApi(stack, 'layout-admin', 'admin');
  const problems: string[] = [];
  const reached: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    initScript: staffSessionScript(session),
    locales: LOCALES,
    routes,
    async visit(page, locale, route, inFlight) {
      if (await page.locator('.console__nav').count()) reached.push(route);
      // A form that opens from a row must fit too: the reward form carries the longest labels.
      if (route.endsWith('tab=rewards')) {
        await page.getByTestId('reward-edit-joingroup').click();
        await page.getByTestId('reward-reason').waitFor();
      }
      for (const misfit of await screenMisfits(page, inFlight)) problems.push(`${locale} ${route}: ${misfit}`);
    },
  });
  // Every screen opened as the console (not the staff login or a "not allowed" page).
  expect(new Set(reached)).toEqual(new Set(routes));
  expect(problems).toEqual([]);
}, 600_000);
