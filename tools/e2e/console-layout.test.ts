/**
 * The staff console fits a 390 px phone in every language too (issue 12: "desktop-first, usable on a
 * phone"): an admin, who may open every section, walks every console screen the built remote serves.
 * Tables may scroll sideways inside their own box; the page itself may not, no label is cut off, and no
 * word or figure in a table is split across two lines. The same walk checks every console screen and
 * tab in English and Tamil with axe-core (WCAG 2.1 AA, axe.ts): the crawl (reach.test.ts) reaches each
 * console screen but not each of its tabs.
 */
import { PHONE, STAFF_SCREEN } from './browser';
import { axeViolations } from './axe';
import { screenMisfits } from './fit';
import { staffSessionScript, staffSessionThroughApi } from './session';
import { WALK_SERVING } from './stack';
import { useStack } from './use-stack';
import { LOCALES, staffScreensAndTabs, walkRoutes } from './walk';

const { stack, browser } = useStack({}, { serving: WALK_SERVING });

/** The languages axe-core checks the console in: English, and Tamil for the longest labels and another script. */
const AXE_LOCALES: string[] = ['en-US', 'ta-IN'];

it('no console screen is wider than a 390 px phone, cuts off text or splits a word in a table, in any of the ten languages; none has a WCAG 2.1 AA violation axe-core can find in English or Tamil', async () => {
  const routes = staffScreensAndTabs();
  expect(routes).toContain('/console/withdrawals');
  const session = await staffSessionThroughApi(stack, 'layout-admin', 'admin');
  const problems: string[] = [];
  const violations: string[] = [];
  const reached: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    initScript: staffSessionScript(session),
    locales: LOCALES,
    routes,
    async visit(page, locale, route, inFlight) {
      if (await page.locator('.console__nav').count()) reached.push(route);
      if (AXE_LOCALES.includes(locale)) for (const violation of await axeViolations(page)) violations.push(`${locale} ${route}: ${violation}`);
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
  expect(violations).toEqual([]);
}, 600_000);

it("keeps the dashboard's figures on one line on a desk screen, and lines the audit filters up in even columns on a phone", async () => {
  const session = await staffSessionThroughApi(stack, 'layout-cards', 'admin');
  const desk = await browser.newContext(STAFF_SCREEN);
  await desk.addInitScript(staffSessionScript(session));
  const page = await desk.newPage();
  await page.goto(`${stack.shellUrl}#/console`);
  await page.getByTestId('dashboard-liabilities').waitFor();
  // A figure on one line is no taller than its line and not wider than its card.
  const wrapped = await page.locator('.console-card__value').evaluateAll((values) =>
    values
      .filter((value) => value.getBoundingClientRect().height > parseFloat(getComputedStyle(value).fontSize) * 2 || value.scrollWidth > value.clientWidth + 1)
      .map((value) => value.textContent),
  );
  expect(wrapped).toEqual([]);
  await desk.close();

  const phone = await browser.newContext(PHONE);
  await phone.addInitScript(staffSessionScript(session));
  const small = await phone.newPage();
  await small.goto(`${stack.shellUrl}#/console/audit`);
  await small.getByTestId('audit-filters').waitFor();
  const boxes = await small.getByTestId('audit-filters').locator('input').evaluateAll((inputs) => inputs.map((input) => input.getBoundingClientRect()).map((r) => ({ left: Math.round(r.left), width: Math.round(r.width) })));
  // Every field as wide as the others, in at most two columns.
  expect(new Set(boxes.map((box) => box.width)).size).toBe(1);
  expect(new Set(boxes.map((box) => box.left)).size).toBeLessThanOrEqual(2);
  await phone.close();
});
