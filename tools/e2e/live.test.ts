/**
 * Issue 56 at the staff desk: two finance staff members have the withdrawals list open. A member's new
 * withdrawal appears on both without a reload, and when one gives it the first of its two approvals (four
 * eyes), the other's list shows that approval at once, through the live channel. Real API, real built
 * shell and console remote.
 */
import type { Page } from 'playwright-core';
import { watchLiveChannel } from './browser';
import { callAsPage, DEMO, memberPage, setFundPassword, staffPage } from './session';
import { useStack } from './use-stack';

// Every withdrawal over 5 USDT needs two approvals; the 24 h hold after a security change would only wait here.
const { stack, browser } = useStack({ FOUR_EYES_THRESHOLD_USDT: '5', WITHDRAW_HOLD_HOURS: '0' });
const PIN = '135790';
const ADDRESS = '0x3333333333333333333333333333333333333333';
const TX_HASH = `0x${'d4'.repeat(32)}`;
/** Well under any poll: the live channel brings a change in a second or two. */
const LIVE_WAIT = 5_000;

/** A staff member's withdrawals list, open and following the live channel. */
async function openWithdrawals(login: string): Promise<Page> {
  const page = await staffPage(browser, stack, login, 'finance');
  const live = watchLiveChannel(page);
  await page.goto(`${stack.shellUrl}#/console/withdrawals`);
  await page.getByRole('navigation', { name: 'Console sections' }).waitFor();
  await live.connected();
  return page;
}

it("a new withdrawal and a first approval show on another staff member's open console at once", async () => {
  const member = await memberPage(browser, stack);
  const call = <T>(method: 'GET' | 'POST', url: string, fields?: Record<string, string>) => callAsPage<T>(member, stack.apiOrigin, method, url, fields);
  await setFundPassword(member, stack, DEMO.phone, PIN);
  expect((await call('POST', '/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).code).toBe(200);
  const first = await openWithdrawals('desk-first');
  const second = await openWithdrawals('desk-second');
  const rowOn = (page: Page) => page.getByTestId('withdrawals-row').filter({ hasText: ADDRESS });

  expect((await call('POST', '/assets/user/withdraw', { channel: 'USDT', amount: '10', payPassword: PIN, requestId: `e2e-live-wd-${Date.now()}` })).code).toBe(200);
  await rowOn(first).waitFor({ timeout: LIVE_WAIT });
  await rowOn(second).waitFor({ timeout: LIVE_WAIT });
  await expect(rowOn(second).getByTestId('withdrawal-approvals').textContent()).resolves.toBe('0 of 2');

  await rowOn(first).getByTestId('withdrawal-approve').click();
  await first.getByTestId('console-ask-input').locator('input').fill(TX_HASH);
  await first.locator('.adm-dialog-footer').getByRole('button').last().click();
  await rowOn(first).getByTestId('withdrawal-approvals').getByText('1 of 2', { exact: false }).waitFor();
  // The other desk, untouched since it opened: the first approval, by whom, and its own button still open.
  await rowOn(second).getByTestId('withdrawal-approvals').getByText('1 of 2 (desk-first)').waitFor({ timeout: LIVE_WAIT });
  await expect(rowOn(second).getByTestId('withdrawal-approve').isEnabled()).resolves.toBe(true);
});
