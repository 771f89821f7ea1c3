/**
 * Issue 3 as a member lives it: money credited by staff, a machine rented after agreeing to the
 * lease, a day's income accrued and claimed, the record going Processing then Arrived. The
 * operator's side (credit, clock-driven jobs) goes through the real admin CLI. Then the machine in
 * the member's holdings with its lease agreement as a PDF, and an exchange code redeemed once.
 */
import type { Page } from 'playwright-core';
import { phonePage } from './browser';
import { confirmPurchase, DEMO, e164, loginThroughScreen, newestOrderCard, productOnSale } from './session';
import { useStack } from './use-stack';

const { stack, browser } = useStack();
let page: Page;

beforeAll(async () => {
  page = await phonePage(browser);
});

const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

it('a credited member rents a machine after agreeing to the lease, then claims a day of income', async () => {
  // Staff credit the member; the CLI says what it did and the ledger stays balanced.
  const credited = stack.admin('credit', DEMO.phone, '250', '--reason', 'Browser test top-up');
  expect(credited).toMatch(/250/);
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');

  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  const product = await productOnSale(stack);
  await page.goto(`${stack.shellUrl}#/index/detail?id=${product.id}`);

  // Buying is impossible until the lease agreement is agreed to.
  const buy = page.getByTestId('buy');
  await buy.waitFor();
  await expect(buy.isDisabled()).resolves.toBe(true);
  await page.getByTestId('agree-lease').click();
  await expect(buy.isDisabled()).resolves.toBe(false);
  await confirmPurchase(page);

  const order = await newestOrderCard(page);
  await expect(order.textContent()).resolves.toContain(product.productName);
  await expect(order.getByTestId('order-status').textContent()).resolves.toMatch(/Valid/);

  // Two days later by the operator's clock (day 1 of a first order is paid at purchase), income accrues.
  const bought = stack.db.prepare('SELECT created_at FROM orders ORDER BY id DESC LIMIT 1').get() as { created_at: string };
  stack.admin('jobs:accrue', '--at', hoursAfter(bought.created_at, 49));
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');

  await page.goto(`${stack.shellUrl}#/user/receiveincome`);
  await page.getByTestId('receive-income').click();
  const record = page.getByTestId('income-record').first();
  await record.getByTestId('record-status').getByText('Processing').waitFor();

  // Settlement half an hour later makes it Arrived.
  stack.admin('jobs:settle', '--at', hoursAfter(new Date().toISOString(), 0.6));
  await page.reload();
  await page.getByTestId('income-record').first().getByTestId('record-status').getByText('Arrived').waitFor();
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});

it('shows the machine in the holdings with its lease agreement PDF, and redeems an exchange code once', async () => {
  const order = stack.db.prepare('SELECT id FROM orders ORDER BY id DESC LIMIT 1').get() as { id: number };
  await page.goto(`${stack.shellUrl}#/user/stock`);
  await page.getByTestId('holding').first().waitFor();
  const pdf = page.waitForResponse((response) => response.url().includes('/order/agreement.pdf'));
  await page.getByTestId('holding-agreement').first().click();
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.waitForFunction((id) => location.hash === `#/user/pdf?orderId=${id}`, order.id);
  await expect(page.getByTestId('pdf-frame').getAttribute('src')).resolves.toMatch(/^blob:/);

  // Staff open a code with room for one member; the member redeems it and sees it used.
  stack.admin('exchange:create', '--code', 'WELCOME5', '--amount', '5', '--budget', '5', '--reason', 'Launch week');
  const before = stack.db.prepare("SELECT balance FROM ledger_accounts WHERE kind = 'member.available' AND owner_user_id = (SELECT id FROM users WHERE phone = ?)").get(e164(DEMO.phone)) as { balance: number };
  await page.goto(`${stack.shellUrl}#/user/stock`);
  await page.locator('[data-testid="exchange-code"] input, input[data-testid="exchange-code"]').first().fill('welcome5');
  await page.getByTestId('exchange-card').getByRole('button').click();
  await page.getByText('Exchange successful').first().waitFor();
  await page.getByTestId('exchange-used').waitFor();
  const after = stack.db.prepare("SELECT balance FROM ledger_accounts WHERE kind = 'member.available' AND owner_user_id = (SELECT id FROM users WHERE phone = ?)").get(e164(DEMO.phone)) as { balance: number };
  expect(BigInt(after.balance) - BigInt(before.balance)).toBe(5_000_000n);
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});
