/**
 * The wallet as a member and staff live it: bind a fund password (SMS code from the outbox) and a
 * withdrawal address, receive a USDT deposit on a real local EVM chain and watch it arrive after the
 * confirmations, withdraw with the 5% fee and the net amount shown before the fund password, staff
 * approve with a transaction hash; a second withdrawal is rejected and the money comes back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { deployToken, mine, startDevChain, testXpub, type DevChain, type DevToken } from '@rigshare/devchain';
import { launchBrowser, phonePage } from './browser';
import { createStaff, DEMO, e164, lastSmsCode, loginThroughScreen } from './session';
import { startStack, type Stack } from './stack';
import { ROOT } from '../src/topology';

let stack: Stack;
let browser: Browser;
let page: Page;
let chain: DevChain;
let token: DevToken;

const wallet = JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes/wallet/locales/en-US/wallet.json'), 'utf8'));
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX_HASH = `0x${'ab'.repeat(32)}`;

const CONFIRMATIONS = 20;

beforeAll(async () => {
  chain = await startDevChain();
  token = await deployToken(chain, { decimals: 18 });
  stack = await startStack({
    // The 24 h hold after a security change is covered by the server tests; here it would only wait.
    WITHDRAW_HOLD_HOURS: '0',
    CHAIN_RPC_URL: chain.rpcUrl,
    DEPOSIT_XPUB: testXpub(),
    USDT_TOKEN_ADDRESS: token.address,
    USDT_DECIMALS: '18',
    DEPOSIT_CONFIRMATIONS: String(CONFIRMATIONS),
    USDT_DEPOSIT_MIN: '10',
    CHAIN_POLL_MS: '300',
    CHAIN_START_BLOCK: '0',
  });
  browser = await launchBrowser();
  page = await phonePage(browser);
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
  await chain?.stop();
});

/** Types digits on the on-screen number keyboard of the 6-digit input `testId`. */
async function typePin(testId: string, digits: string): Promise<void> {
  await page.getByTestId(testId).click();
  // Each key is titled by its digit; closed keyboards stay in the page, hidden.
  for (const digit of digits) await page.locator(`.adm-number-keyboard-key[title="${digit}"]`).filter({ visible: true }).first().click();
  // Close the keyboard (a member taps its close bar) and let it slide away before the next tap. A
  // withdrawal submits on the sixth digit and leaves the screen, taking the keyboard with it.
  const close = page.locator('.adm-number-keyboard-header-close-button').filter({ visible: true });
  if (await close.count()) await close.first().click({ timeout: 2_000 }).catch(() => undefined);
  await page.locator('.adm-number-keyboard-key[title="1"]').filter({ visible: true }).first().waitFor({ state: 'hidden' });
}

/** The member's available balance, asked of the API with the page's own session. */
function available(): Promise<string> {
  return page.evaluate(async (api) => {
    const response = await fetch(`${api}/api/assets/user/balance`, { headers: { 'X-Access-Token': localStorage.getItem('rigshare.token') ?? '' } });
    return ((await response.json()) as { data: { available: string } }).data.available;
  }, stack.apiOrigin);
}

it('binds a fund password and an address, receives a USDT deposit on chain, withdraws with the fee shown, and staff approve or reject', async () => {
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);

  // Fund password: image code and SMS code come from the operator side (captchas table, SMS outbox).
  await page.goto(`${stack.shellUrl}#/user/fundPwd`);
  await page.locator('img.wallet-captcha').waitFor();
  const captcha = stack.db.prepare('SELECT answer FROM captchas ORDER BY expires_at DESC LIMIT 1').get() as { answer: string };
  await page.getByPlaceholder(wallet.fundPwd.captchaPlaceholder).fill(captcha.answer);
  await page.getByRole('button', { name: wallet.fundPwd.sendCode }).click();
  await page.getByText(wallet.fundPwd.codeSent).first().waitFor();
  await page.getByPlaceholder(wallet.fundPwd.smsPlaceholder).fill(lastSmsCode(stack.db, DEMO.phone));
  await typePin('fund-password-new', '246810');
  await typePin('fund-password-confirm', '246810');
  await page.getByRole('button', { name: wallet.fundPwd.submit }).click();
  await page.getByText(wallet.fundPwd.saved).first().waitFor();
  const stored = stack.db.prepare('SELECT pay_password_hash FROM users WHERE phone = ?').get(e164(DEMO.phone)) as { pay_password_hash: string | null };
  expect(stored.pay_password_hash).toMatch(/^scrypt\$/);

  // Withdrawal address: the chain is chosen before the address can be typed.
  await page.goto(`${stack.shellUrl}#/user/addAddress`);
  await page.getByTestId('address-currency').getByText('USDT').click();
  await page.getByTestId('address-chain').getByText('BEP20').click();
  await page.locator('[data-testid="address-input"] input, input[data-testid="address-input"]').first().fill(ADDRESS);
  await page.getByTestId('address-submit').click();
  await page.getByTestId('bound-address').waitFor();

  // A USDT deposit on the chain: shown Pending as soon as it is mined, credited only after the confirmations.
  await page.goto(`${stack.shellUrl}#/user/recharge`);
  // The warning names the chain the server really watches: this local chain, not BNB Smart Chain.
  await page.getByText(wallet.usdt.networkWarning.replace('{{chain}}', 'Test chain 31337').replace('{{network}}', 'BEP20')).first().waitFor();
  const depositAddress = (await page.getByTestId('usdt-address').locator('.wallet-break').textContent())!.trim();
  expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('usdt-required').textContent()).resolves.toContain(String(CONFIRMATIONS));
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/usdt-recharge.png') });
  const beforeDeposit = BigInt(await available());
  const sent = await token.transfer(depositAddress as `0x${string}`, 250n * 10n ** 18n);
  await page.goto(`${stack.shellUrl}#/user/newrecharge`);
  const deposit = page.getByTestId('usdt-deposit').first();
  await deposit.getByTestId('usdt-deposit-status').getByText(wallet.usdt.status.Pending).waitFor();
  await expect(deposit.getByTestId('usdt-deposit-confirmations').textContent()).resolves.toMatch(new RegExp(`of ${CONFIRMATIONS} confirmations`));
  const firstSeen = Number((await deposit.getByTestId('usdt-deposit-confirmations').textContent())!.match(/(\d+) of/)![1]);
  await mine(chain, CONFIRMATIONS - 3);
  // The open list counts the confirmations up as the live channel reports them, without a reload.
  await page.waitForFunction(
    (target) => Number(document.querySelector('[data-testid="usdt-deposit-confirmations"]')?.textContent?.match(/(\d+) of/)?.[1]) >= target,
    firstSeen + CONFIRMATIONS - 4,
    { timeout: 10_000 },
  );
  expect(BigInt(await available())).toBe(beforeDeposit);
  await mine(chain, 2);
  // The open list refreshes itself: Pending turns Arrived without a reload.
  await deposit.getByTestId('usdt-deposit-status').getByText(wallet.usdt.status.Arrived).waitFor({ timeout: 20_000 });
  const funded = beforeDeposit + 250_000_000n;
  expect(BigInt(await available())).toBe(funded);
  await expect(deposit.textContent()).resolves.toContain(sent.hash.slice(0, 15));
  await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/usdt-deposits.png') });

  // Withdraw 100: the fee and the net amount come before the fund password is asked.
  await page.goto(`${stack.shellUrl}#/user/withdraw`);
  await page.locator('[data-testid="withdraw-amount"] input, input[data-testid="withdraw-amount"]').first().fill('100');
  await page.getByTestId('withdraw-next').click();
  await expect(page.getByTestId('withdraw-fee').textContent()).resolves.toBe('5.00 USDT');
  await expect(page.getByTestId('withdraw-net').textContent()).resolves.toBe('95.00 USDT');
  await expect(page.getByTestId('fund-password').count()).resolves.toBe(0);
  await page.getByTestId('withdraw-confirm').click();
  await typePin('fund-password', '246810');
  await page.waitForFunction(() => location.hash.startsWith('#/user/withrecord'));
  await page.getByTestId('withdrawal-status').first().getByText(wallet.withdrawal?.status?.Pending ?? 'Pending').waitFor();
  expect(BigInt(await available())).toBe(funded - 100_000_000n);

  // Staff pay it out and record the transaction hash.
  const first = stack.db.prepare('SELECT id FROM withdrawals ORDER BY id DESC LIMIT 1').get() as { id: number };
  createStaff(stack, 'cashier', 'finance');
  stack.admin('withdraw:approve', String(first.id), '--tx', TX_HASH, '--by', 'cashier');
  await page.reload();
  const approved = page.getByTestId('withdrawal-record').first();
  await approved.getByTestId('withdrawal-status').getByText('Succeeded').waitFor();
  await expect(approved.textContent()).resolves.toContain(TX_HASH.slice(0, 10));

  // A second withdrawal is rejected: the money comes back.
  await page.goto(`${stack.shellUrl}#/user/withdraw`);
  await page.locator('[data-testid="withdraw-amount"] input, input[data-testid="withdraw-amount"]').first().fill('50');
  await page.getByTestId('withdraw-next').click();
  await page.getByTestId('withdraw-confirm').click();
  await typePin('fund-password', '246810');
  await page.waitForFunction(() => location.hash.startsWith('#/user/withrecord'));
  const second = stack.db.prepare('SELECT id FROM withdrawals ORDER BY id DESC LIMIT 1').get() as { id: number };
  stack.admin('withdraw:reject', String(second.id), '--reason', 'Address check failed');
  await page.reload();
  await page.getByTestId('withdrawal-record').first().getByTestId('withdrawal-status').getByText('Failed').waitFor();
  expect(BigInt(await available())).toBe(funded - 100_000_000n);
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});

it('deletes the saved address only after "Confirm delete?", and the screen offers to add one again', async () => {
  await page.goto(`${stack.shellUrl}#/user/address`);
  await page.getByTestId('bound-address').waitFor();
  await page.getByTestId('delete-address').click();
  const question = page.getByText(wallet.binding.confirmDelete);
  const footer = page.locator('.adm-dialog-footer');
  await question.waitFor();
  await footer.getByRole('button', { name: 'Cancel' }).click();
  await question.waitFor({ state: 'hidden' });
  await expect(page.getByTestId('bound-address').count()).resolves.toBe(1);

  await page.getByTestId('delete-address').click();
  await question.waitFor();
  await footer.getByRole('button', { name: wallet.binding.delete }).click();
  await page.getByText(wallet.address.emptyTitle).waitFor();
  const saved = stack.db.prepare('SELECT COUNT(*) AS n FROM addresses WHERE user_id = (SELECT id FROM users WHERE phone = ?)').get(e164(DEMO.phone)) as { n: number };
  expect(saved.n).toBe(0);
});
