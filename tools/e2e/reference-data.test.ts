/**
 * Issue 8 item 19 as a Tamil-speaking member meets it: the markets of the phone prefix picker, the
 * recharge channels, the records the seed wrote (the demo balance) and every record type read in Tamil;
 * the reason a staff member wrote and the member's own payment reference are shown as written.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { field, phonePage } from './browser';
import { DEMO, loginThroughScreen } from './session';
import { useStack } from './use-stack';
import { ROOT } from '../src/topology';

const { stack, browser } = useStack();
let page: Page;

const json = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const wallet = json('remotes/wallet/locales/ta-IN/wallet.json');
const products = json('remotes/products/locales/ta-IN/products.json');
const common = json('libs/i18n/locales/ta-IN/common.json');
const serverTamil = json('server/src/i18n/messages/ta-IN.json');
const serverEnglish = json('server/src/i18n/messages/en-US.json');

const STAFF_REASON = 'Goodwill for ticket #42 (Asha)';
const REFERENCE = 'UTR 4821 ஆஷா';

beforeAll(async () => {
  page = await phonePage(browser);
  await page.goto(stack.shellUrl);
  await page.evaluate(() => localStorage.setItem('rigshare.language', 'ta-IN'));
  await page.reload();
  // The shell sends a visitor to login once it has rendered; a hash set before then was replaced by
  // that redirect (1 run in 3: the picker test found the login screen instead of registration).
  await page.getByTestId('login-phone').waitFor();
});

/** A GET as the app makes it, in Tamil, with the page's session. */
function apiInTamil<T>(url: string): Promise<T> {
  return page.evaluate(
    async ({ origin, url }) => {
      const response = await fetch(`${origin}${url}`, { headers: { 'X-Access-Token': localStorage.getItem('rigshare.token') ?? '', Language: 'ta_IN' } });
      return ((await response.json()) as { data: unknown }).data;
    },
    { origin: stack.apiOrigin, url },
  ) as Promise<T>;
}

async function fitsScreen(): Promise<void> {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

it('names the markets of the phone prefix picker in Tamil', async () => {
  await page.goto(`${stack.shellUrl}#/register`);
  await page.getByTestId('country-code').click();
  const picker = page.locator('.adm-picker');
  await picker.locator('.adm-picker-view-column-item').filter({ hasText: 'இந்தியா' }).first().waitFor();
  await expect(picker.textContent()).resolves.not.toContain('India');
  await picker.getByText(common.actions.cancel, { exact: true }).click();
});

it('shows the recharge channels and the seeded records in Tamil, and what people wrote as written', async () => {
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  stack.admin('credit', DEMO.phone, '2', '--reason', STAFF_REASON);

  // The recharge channels, named in Tamil (the network names kept).
  const channels = await apiInTamil<{ id: number; name: string; currency: string }[]>('/api/assets/system/pay/config/banks');
  const upi = channels[0];
  expect(upi.name).toBe('வங்கிப் பரிமாற்றம் (UPI / IMPS)');
  await page.goto(`${stack.shellUrl}#/user/cashrecharge`);
  const option = page.locator('.adm-selector-item').filter({ hasText: `${upi.name} (${upi.currency})` });
  await option.waitFor();
  await expect(page.locator('.adm-selector').textContent()).resolves.not.toContain('Bank transfer');
  // No customer-service link is set in this stack: the instructions' "customer service" is said to be not set up yet.
  await expect(page.getByTestId('service-not-set-up').textContent()).resolves.toBe(wallet.recharge.serviceNotSetUp);
  await fitsScreen();

  // The member recharges through it, with their own reference; staff confirm it.
  await option.click();
  await field(page, 'recharge-amount').fill('1000');
  await page.getByRole('textbox', { name: wallet.recharge.reference }).fill(REFERENCE);
  await page.getByRole('button', { name: wallet.recharge.submit }).click();
  await page.getByTestId('deposit-record').getByText(REFERENCE).waitFor();
  const deposit = stack.db.prepare('SELECT id FROM cash_deposits ORDER BY id DESC LIMIT 1').get() as { id: number };
  expect(stack.admin('deposit:confirm', String(deposit.id))).toContain('Arrived');

  // The records: the demo balance and the recharge in Tamil, the staff reason as written.
  await page.goto(`${stack.shellUrl}#/user/record`);
  const records = page.getByTestId('wallet-record');
  await records.filter({ hasText: serverTamil.recordDemoBalance }).waitFor();
  await records.filter({ hasText: upi.name }).waitFor();
  await records.filter({ hasText: STAFF_REASON }).waitFor();
  const text = (await page.locator('body').textContent()) ?? '';
  expect(text).not.toContain(serverEnglish.recordDemoBalance);
  expect(text).not.toContain('Bank transfer');
  await fitsScreen();

  // The same records under "Receive income": every type named in Tamil, not only the income types.
  await page.goto(`${stack.shellUrl}#/user/receiveincome`);
  const incomeRecords = page.getByTestId('income-record');
  await incomeRecords.filter({ hasText: serverTamil.recordDemoBalance }).waitFor();
  await incomeRecords.filter({ hasText: upi.name }).filter({ hasText: products.income.type.recharge }).waitFor();
  await incomeRecords.filter({ hasText: STAFF_REASON }).waitFor();
  const incomeText = (await page.locator('body').textContent()) ?? '';
  for (const english of [serverEnglish.recordDemoBalance, 'Bank transfer', 'Recharge']) expect(incomeText).not.toContain(english);
  await fitsScreen();
});
