/**
 * Issue 12, members: support staff find a member in the console and freeze them with a reason; the member
 * can still log in and read, but buying is refused with a message saying why; after an unfreeze the same
 * purchase goes through. Real API, the built shell, console and products remotes.
 */
import type { Page } from 'playwright-core';
import { phonePage } from './browser';
import { buyOnProductPage, DEMO, e164, loginThroughScreen, productOnSale, staffPage } from './session';
import { useStack } from './use-stack';

const { stack, browser } = useStack();

/** Opens the member in the console by phone and presses freeze or unfreeze, giving the reason. */
async function toggleFreeze(staff: Page, reason: string): Promise<void> {
  await staff.goto(`${stack.shellUrl}#/console/members`);
  await staff.getByTestId('members-search').locator('input[name=q]').fill(DEMO.phone);
  await staff.getByTestId('members-search').getByRole('button').click();
  // The search's answer replaces the whole list, where the member is too: open the row once it is there.
  await staff.waitForFunction((phone) => {
    const rows = [...document.querySelectorAll('[data-testid=members-row]')];
    return rows.length > 0 && rows.every((row) => row.textContent?.includes(phone));
  }, DEMO.phone);
  await staff.getByTestId('members-row').filter({ hasText: DEMO.phone }).getByTestId('member-open').click();
  await staff.waitForFunction(() => location.hash.includes('member='));
  await staff.getByTestId('member-freeze').click();
  await staff.getByTestId('console-ask-input').locator('input').fill(reason);
  await staff.locator('.adm-dialog-footer').getByRole('button').last().click();
}

/** Agrees to the lease and presses buy on a product's page. */
async function tryToBuy(member: Page, productId: number): Promise<void> {
  await member.goto(`${stack.shellUrl}#/index/detail?id=${productId}`);
  await member.getByTestId('buy').waitFor();
  await buyOnProductPage(member);
}

it('support freezes a member, who can read but not buy and is told why; after unfreezing the purchase goes through', async () => {
  stack.admin('credit', DEMO.phone, '250', '--reason', 'Browser test top-up');
  const staff = await staffPage(browser, stack, 'helpdesk', 'support');
  const member = await phonePage(browser);

  await toggleFreeze(staff, 'Payment dispute under review');
  await staff.getByTestId('member-frozen-reason').getByText('Payment dispute under review').waitFor();
  // The demo member has bound no email address.
  await expect(staff.getByTestId('member-email').textContent()).resolves.toBe('None bound');

  // Frozen: logging in and reading still work; buying is refused with the reason's message and creates no order.
  await loginThroughScreen(member, stack.shellUrl, DEMO.phone, DEMO.password);
  const productId = (await productOnSale(stack)).id;
  await tryToBuy(member, productId);
  await member.getByText('Your account is frozen', { exact: false }).waitFor();
  const orders = () => (stack.db.prepare('SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.phone = ?').get(e164(DEMO.phone)) as { n: number }).n;
  expect(orders()).toBe(0);
  await member.goto(`${stack.shellUrl}#/mine`);
  await member.locator('.app-main').waitFor();

  await toggleFreeze(staff, 'Dispute settled');
  await staff.getByTestId('member-detail').getByText('Active').waitFor();
  await tryToBuy(member, productId);
  await member.waitForFunction(() => location.hash.startsWith('#/user/myorder'));
  expect(orders()).toBe(1);
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});
