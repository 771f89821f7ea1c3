/**
 * Issue 12, catalogue: the admin puts a product on offer in the console and members see it on the product
 * list; closing it takes it off. Finance keeps the exchange rates: a rate too old stops cash recharges in its
 * currency (the member's recharge screen says so and will not submit) until finance sets it again, after which
 * the screen shows the new rate with its time. Real API, the built shell, console, products and wallet remotes.
 */
import { memberPage, staffPage } from './session';
import { useStack } from './use-stack';

const { stack, browser } = useStack();

/** A datetime-local value (the browser's local time, to the minute) `days` from now. */
const localTime = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

it('the admin puts a product on offer that members then see, and closing it takes it off the list', async () => {
  const admin = await staffPage(browser, stack, 'catalogue-admin', 'admin');
  const name = `Console rig ${Date.now() % 100_000}`;
  await admin.goto(`${stack.shellUrl}#/console/products`);
  await admin.getByTestId('product-name').locator('input').fill(name);
  await admin.getByTestId('product-category').locator('input').fill('SHA-256');
  await admin.getByTestId('product-start').locator('input').fill(localTime(-1));
  await admin.getByTestId('product-end').locator('input').fill(localTime(30));
  await admin.getByTestId('product-price').locator('input').fill('25');
  await admin.getByTestId('product-day-return').locator('input').fill('0.9');
  await admin.getByTestId('product-valid-days').locator('input').fill('40');
  await admin.getByTestId('product-units').locator('input').fill('300');
  await admin.getByTestId('product-save').click();
  const row = admin.getByTestId('products-row').filter({ hasText: name });
  await row.waitFor();

  const member = await memberPage(browser, stack);
  const onList = async () => {
    await member.goto(`${stack.shellUrl}#/projects`);
    // A fresh load: the list the app already holds is not read again on every visit.
    await member.reload();
    await member.getByTestId('product-card').first().waitFor();
    return member.getByTestId('product-name').filter({ hasText: name }).count();
  };
  expect(await onList()).toBe(1);

  await row.getByRole('button', { name: 'Close' }).click();
  await admin.getByTestId('console-ask-input').locator('input').fill('Hosting contract ended');
  await admin.locator('.adm-dialog-footer').getByRole('button').last().click();
  await row.getByText('Closed').waitFor();
  expect(await onList()).toBe(0);
});

it('a stale rate stops cash recharges in its currency, with a message, until finance sets it again', async () => {
  // The rate was set two days ago: older than the 24 hours allowed.
  stack.db.prepare('UPDATE exchange_rates SET updated_at = ? WHERE currency = ?').run(new Date(Date.now() - 2 * 86_400_000).toISOString(), 'INR');
  const member = await memberPage(browser, stack);
  const openRecharge = async () => {
    // Through another screen, so the recharge screen opens afresh.
    await member.goto(`${stack.shellUrl}#/mine`);
    await member.locator('.app-main').waitFor();
    await member.goto(`${stack.shellUrl}#/user/cashrecharge`);
    await member.locator('.adm-selector-item').filter({ hasText: '(INR)' }).first().click();
  };
  await openRecharge();
  await member.getByTestId('recharge-rate-stale').getByText('Recharges in INR are paused', { exact: false }).waitFor();
  expect(await member.getByRole('button', { name: 'Submit', exact: false }).isDisabled()).toBe(true);

  const finance = await staffPage(browser, stack, 'rates-finance', 'finance');
  await finance.goto(`${stack.shellUrl}#/console/rates`);
  await finance.getByTestId('rates-row').filter({ hasText: 'INR' }).getByText('Out of date').waitFor();
  await finance.getByTestId('rate-currency').locator('input').fill('INR');
  await finance.getByTestId('rate-value').locator('input').fill('84.25');
  await finance.getByTestId('rate-save').click();
  await finance.getByTestId('rates-row').filter({ hasText: 'INR' }).getByText('rates-finance').waitFor();

  await openRecharge();
  await member.getByTestId('recharge-usdt').getByText('84.25 INR', { exact: false }).waitFor();
  await expect(member.getByTestId('recharge-usdt').textContent()).resolves.toContain('Set ');
  expect(await member.getByTestId('recharge-rate-stale').count()).toBe(0);
});

it('the admin changes a referral rate with a reason and members read the new rate on their team page', async () => {
  const admin = await staffPage(browser, stack, 'rewards-admin', 'admin');
  await admin.goto(`${stack.shellUrl}#/console/catalogue?tab=rewards`);
  const row = admin.getByTestId('rewards-row').filter({ hasText: 'Referral bonus, level C' });
  await row.getByTestId('reward-edit-referral_c').click();
  await admin.getByTestId('reward-value').locator('input').fill('101');
  await admin.getByRole('button', { name: 'Save reward' }).click();
  await admin.getByText('A percentage from 0 to 100, at most two decimals.').first().waitFor();
  await admin.getByTestId('reward-value').locator('input').fill('4.75');
  await admin.getByTestId('reward-reason').locator('input').fill('Autumn campaign');
  await admin.getByRole('button', { name: 'Save reward' }).click();
  await row.getByText('4.75 %').waitFor();
  await row.getByText('Set by rewards-admin,').waitFor();

  const member = await memberPage(browser, stack);
  await member.goto(`${stack.shellUrl}#/index/friend`);
  await expect(member.getByTestId('team-source').textContent()).resolves.toContain('4.75% (level C)');
});
