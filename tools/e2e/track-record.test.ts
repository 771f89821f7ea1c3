/**
 * Issue 54 section 3 as a member sees it: a product with nothing due yet says it has no track record;
 * after renting it, the product and the order show what was actually paid, from the ledger: days due,
 * paid on time, paid late (and how late), still owed. The server's clock is the real one, so the test
 * makes the order forty days old by moving its times (and its free first day's) back in the database,
 * then runs the daily income job through the operator's CLI at chosen moments of those forty days, with
 * the API's own job switched off. Everything on screen is what the server computes from those rows.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { phonePage } from './browser';
import { screenMisfits } from './fit';
import { buyOnProductPage, DEMO, loginThroughScreen } from './session';
import { useStack } from './use-stack';
import { LOCALES, settle, trackRequests, useLocale } from './walk';

const DAY = 86_400_000;
const MINUTE = 60_000;

const { stack, browser } = useStack({ JOBS_INTERVAL_MS: '0' });
let page: Page;

beforeAll(async () => {
  page = await phonePage(browser);
});

/** A product staff put on offer for this test: nobody has rented it, so its whole record is the order this test makes. */
function productWithoutOrders(): { id: number; name: string } {
  const name = `Track rig ${Date.now()}`;
  const { image_url: image } = stack.db.prepare('SELECT image_url FROM products ORDER BY id LIMIT 1').get() as { image_url: string };
  const start = new Date(Date.now() - 3_600_000).toISOString();
  const end = new Date(Date.now() + 30 * 86_400_000).toISOString();
  stack.admin('product:create', '--name', name, '--category', 'SHA-256', '--image', image, '--start', start, '--end', end, '--price', '10', '--day-return', '0.5', '--valid-days', '60', '--units', '100');
  return stack.db.prepare('SELECT id, name FROM products WHERE name = ?').get(name) as { id: number; name: string };
}

const figure = (testId: string) => page.getByTestId('track-record').getByTestId(testId).textContent();

let orderId = 0;

it('a product without history says so; after renting, the product and the order show what was paid, on time, late and owed', async () => {
  stack.admin('credit', DEMO.phone, '500', '--reason', 'Browser test top-up');
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  const product = productWithoutOrders();

  await page.goto(`${stack.shellUrl}#/index/detail?id=${product.id}`);
  await page.getByTestId('track-empty').waitFor();
  await expect(page.getByTestId('track-empty').textContent()).resolves.toContain('so there is no track record to show yet');

  // Rent one machine through the screen.
  await buyOnProductPage(page);
  await page.waitForFunction(() => location.hash.startsWith('#/user/myorder'));

  // Forty days ago, by the order's clock. Day 1 (the free first day) was paid at purchase.
  const order = stack.db.prepare('SELECT id, created_ms FROM orders WHERE product_id = ? ORDER BY id DESC LIMIT 1').get(product.id) as { id: number; created_ms: number };
  orderId = order.id;
  const created = Number(order.created_ms) - 40 * DAY;
  // Whole numbers bound as bigint: SQLite would store a JS number's difference as a REAL.
  const back = BigInt(40 * DAY);
  stack.db
    .prepare('UPDATE orders SET created_ms = created_ms - ?, ends_ms = ends_ms - ?, created_at = ? WHERE id = ?')
    .run(back, back, new Date(created).toISOString(), order.id);
  stack.db.prepare('UPDATE income_accruals SET due_ms = due_ms - ?, accrued_at = ? WHERE order_id = ?').run(back, new Date(created).toISOString(), order.id);

  // The job ran on day 20 a minute after it fell due (days 2..19 paid late, 18 d down to 1 d), and on day 25
  // half an hour after (days 21..24 late, day 25 within the hour of grace); never since: days 26..39 are owed.
  stack.admin('jobs:accrue', '--at', new Date(created + 20 * DAY + MINUTE).toISOString());
  stack.admin('jobs:accrue', '--at', new Date(created + 25 * DAY + 30 * MINUTE).toISOString());
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');

  // The product: the last 30 days are days 10..39 of its one order.
  await page.goto(`${stack.shellUrl}#/index/detail?id=${product.id}`);
  await page.getByTestId('track-due').waitFor();
  await expect(figure('track-due')).resolves.toBe('30');
  await expect(figure('track-on-time')).resolves.toBe('2');
  await expect(figure('track-late')).resolves.toBe('14');
  await expect(figure('track-owed')).resolves.toBe('14');
  await expect(figure('track-waiting')).resolves.toMatch(/^The oldest unpaid payment has been waiting 14 d( \d+ h)?\.$/);
  await expect(page.getByTestId('track-chart').getAttribute('aria-label')).resolves.toBe(
    'One bar per day over the last 30 days: 2 payments on time, 14 late, 14 still owed.',
  );

  // The order, opened from "my orders" with a tap: its 90 days hold all 39 days due so far.
  await page.goto(`${stack.shellUrl}#/user/myorder`);
  await page.getByTestId('order-card').filter({ hasText: product.name }).first().click();
  await page.waitForFunction(() => location.hash.startsWith('#/user/orders'));
  await page.getByTestId('track-due').waitFor();
  await expect(figure('track-due')).resolves.toBe('30');
  await page.getByTestId('track-record').getByText('Last 90 days').click();
  await expect(figure('track-due')).resolves.toBe('39');
  await expect(figure('track-on-time')).resolves.toBe('3');
  await expect(figure('track-late')).resolves.toBe('22');
  await expect(figure('track-owed')).resolves.toBe('14');
  // 22 delays: 1 d 1 min, 1 d 30 min, ... 7 d 1 min and 8 d 1 min in the middle, 18 d 1 min the longest.
  await expect(figure('track-delay')).resolves.toBe('Late payments came 7 d 12 h after they were due (median), 18 d at the longest.');
  expect(await figure('track-amounts')).toMatch(/^Paid [\d.]+ USDT of [\d.]+ USDT due\.$/);
  expect(await figure('track-per-machine')).toMatch(/^Per machine and day: [\d.]+ USDT paid on average, against [\d.]+ USDT stated\.$/);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include('[data-testid=track-record]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}, 300_000);

it('fits a 390 px phone in every language, on the product and on the order, both windows', async () => {
  const product = stack.db.prepare('SELECT product_id FROM orders WHERE id = ?').get(orderId) as { product_id: number };
  const inFlight = trackRequests(page);
  const problems: string[] = [];
  for (const locale of LOCALES) {
    await useLocale(page, locale, inFlight);
    for (const route of [`/index/detail?id=${product.product_id}`, `/user/orders?id=${orderId}`]) {
      await page.goto(`${stack.shellUrl}#${route}`);
      await page.getByTestId('track-due').waitFor();
      await settle(page, inFlight);
      for (const misfit of await screenMisfits(page, inFlight)) problems.push(`${locale} ${route}: ${misfit}`);
      // The 90 days too: the delay line is longest there.
      await page.getByTestId('track-record').locator('.adm-tabs-tab').last().click();
      await page.getByTestId('track-delay').waitFor();
      for (const misfit of await screenMisfits(page, inFlight)) problems.push(`${locale} ${route} (90 days): ${misfit}`);
    }
  }
  await useLocale(page, 'en-US', inFlight);
  expect(problems).toEqual([]);
}, 300_000);
