/**
 * Issue 54 §6 as a member lives it: a machine rented, then sold back from its order screen. The dialog
 * states the price before anything happens; after confirming, the order says "Sold back" with the amount
 * and the available balance has grown by exactly that amount (docs/decisions.md, "Selling a rented machine back").
 */
import type { Page } from 'playwright-core';
import { phonePage } from './browser';
import { buyOnProductPage, callAsPage, DEMO, loginThroughScreen, productOnSale } from './session';
import { useStack } from './use-stack';

const { stack, browser } = useStack();
let page: Page;

beforeAll(async () => {
  page = await phonePage(browser);
});

const available = async () => BigInt((await callAsPage<{ available: string }>(page, stack.apiOrigin, 'GET', '/assets/user/balance')).data.available);
const balanceShown = async () => {
  await page.goto(`${stack.shellUrl}#/user/balance`);
  const shown = page.getByTestId('balance-available');
  await shown.waitFor();
  return (await shown.textContent())!.trim();
};

it('a member rents a machine, sells it back at the quoted price, and sees the order sold and the balance grow', async () => {
  expect(stack.admin('credit', DEMO.phone, '2000', '--reason', 'Browser test top-up')).toMatch(/2000/);
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);

  const product = await productOnSale(stack);
  await page.goto(`${stack.shellUrl}#/index/detail?id=${product.id}`);
  await buyOnProductPage(page);
  await page.waitForFunction(() => location.hash.startsWith('#/user/myorder'));
  const order = stack.db.prepare('SELECT id FROM orders ORDER BY id DESC LIMIT 1').get() as { id: number };

  const shownBefore = await balanceShown();
  const before = await available();

  await page.goto(`${stack.shellUrl}#/user/orders?id=${order.id}`);
  await page.getByTestId('order-status').getByText('Valid').waitFor();
  await page.getByTestId('sell-back').click();
  const confirm = page.getByTestId('sell-back-confirm');
  await confirm.waitFor();
  const price = (await confirm.getByTestId('sell-back-price').textContent())!;
  expect(price).toMatch(/USDT/);
  await page.locator('.adm-dialog').getByRole('button', { name: 'Sell back' }).click();

  // The order now says so, with the amount the dialog stated; there is nothing more to sell.
  await page.getByTestId('order-status').getByText('Sold back').waitFor();
  await expect(page.getByTestId('order-sold-amount').textContent()).resolves.toContain(price.replace(' USDT', ''));
  await expect(page.getByTestId('sell-back').count()).resolves.toBe(0);

  const sold = stack.db.prepare('SELECT status, sold_amount FROM orders WHERE id = ?').get(order.id) as { status: string; sold_amount: number | bigint };
  expect(sold.status).toBe('Sold');
  expect((await available()) - before).toBe(BigInt(sold.sold_amount));
  expect(BigInt(sold.sold_amount)).toBeGreaterThan(0n);
  await expect(balanceShown()).resolves.not.toBe(shownBefore);
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});
