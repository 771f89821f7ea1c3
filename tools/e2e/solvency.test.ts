/**
 * The public solvency page as a visitor and a member see it: open without login (linked from the login
 * screen), the totals and Merkle root of the newest snapshot, a reserve address read from a real local
 * chain and linked to the explorer, a bank balance finance declared from the command line; then the demo
 * member sees their live balance on the Mine page and, from there, verifies their own proof in the browser (WebCrypto).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deployToken, startDevChain, type DevChain } from '@rigshare/devchain';
import { LOCALE_TAGS } from '@rigshare/domain';
import { launchBrowser, PHONE } from './browser';
import { callAsPage, DEMO, loginThroughScreen, productOnSale } from './session';
import { startStack, type Stack } from './stack';
import { ROOT } from '../src/topology';

let stack: Stack;
let browser: Browser;
let chain: DevChain;
const contexts: BrowserContext[] = [];
const savedEnv: Record<string, string | undefined> = {};
/** An address no dev-chain account uses: it holds only what the test sends it. */
const RESERVE = '0x5A0b54D5dc17e0AadC383d2db43B0a0D3E029c4c';
const shell = JSON.parse(fs.readFileSync(path.join(ROOT, 'shell/locales/en-US/shell.json'), 'utf8'));

beforeAll(async () => {
  chain = await startDevChain();
  const token = await deployToken(chain, { decimals: 18 });
  await token.transfer(RESERVE, 25_000n * 10n ** 18n);
  const settings = {
    CHAIN_RPC_URL: chain.rpcUrl,
    USDT_TOKEN_ADDRESS: token.address,
    USDT_DECIMALS: '18',
    SOLVENCY_ADDRESSES: RESERVE,
    EXPLORER_ADDRESS_URL: 'https://testnet.bscscan.com/address/{address}',
  };
  // The operator CLI (stack.admin) inherits this process's environment: the same reserve settings as the API
  // (put back in afterAll).
  for (const name of Object.keys(settings)) savedEnv[name] = process.env[name];
  Object.assign(process.env, settings);
  stack = await startStack(settings);
  browser = await launchBrowser();
  stack.admin('solvency:declare-bank', 'Operating account', '12000', '--date', '2026-11-01', '--by', 'finance');
  expect(stack.admin('solvency:snapshot')).toMatch(/reserve 0x[0-9a-fA-F]{40}: 25000\.00 USDT at block \d+/);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stack?.close();
  await chain?.stop();
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function newPage() {
  const context = await browser.newContext(PHONE);
  contexts.push(context);
  return context.newPage();
}

/** WCAG 2.1 AA as the layout walks check it (tools/e2e/axe.ts). */
async function axeViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

const latest = () => stack.db.prepare('SELECT root, member_liabilities AS total, taken_at FROM solvency_snapshots ORDER BY id DESC LIMIT 1').get() as { root: string; total: number | bigint; taken_at: string };

it('opens without login from the login screen and shows totals, root, reserves with explorer links and bank balances', async () => {
  const page = await newPage();
  await page.goto(`${stack.shellUrl}#/user/login`);
  await page.getByTestId('login-solvency').click();
  await page.getByTestId('solvency-screen').waitFor();
  expect(new URL(page.url()).hash).toBe('#/solvency');

  const { root, total } = latest();
  await expect(page.getByTestId('solvency-root').textContent()).resolves.toBe(root);
  const usdt = (Number(total) / 1e6).toFixed(2);
  await expect(page.getByTestId('solvency-total').textContent()).resolves.toBe(`${usdt} USDT`);
  // The revenue pool and the rewards budget are the platform's own money, not listed as owed to members.
  const owed = page.getByTestId('solvency-liabilities');
  await expect(owed.getByTestId('solvency-pool').count()).resolves.toBe(0);
  await expect(owed.textContent()).resolves.not.toContain(shell.solvency.rewardsBudget);
  const own = page.getByTestId('solvency-platform-funds');
  await expect(own.getByTestId('solvency-pool').textContent()).resolves.toBe('20000.00 USDT');
  await expect(own.textContent()).resolves.toContain(shell.solvency.rewardsBudget);

  const link = page.getByTestId('solvency-reserves').locator('a');
  await expect(link.getAttribute('href')).resolves.toBe(`https://testnet.bscscan.com/address/${RESERVE}`);
  await expect(page.getByTestId('solvency-reserves').textContent()).resolves.toContain('25000.00 USDT');
  await expect(page.getByTestId('solvency-bank').textContent()).resolves.toContain('Operating account');
  await expect(page.getByTestId('solvency-bank').textContent()).resolves.toContain('12000.00 USDT');
  // A visitor is asked to log in for their own proof; nothing sent a session.
  await expect(page.getByTestId('solvency-login').isVisible()).resolves.toBe(true);
  await expect(page.getByTestId('solvency-proof').count()).resolves.toBe(0);
  await expect(axeViolations(page, 'visitor')).resolves.toEqual([]);
});

it('shows the live balance first on the Mine page, and the proof as a secondary line with its hour, verified on the solvency page', async () => {
  const page = await newPage();
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  // Money moves after the snapshot: the member rents a machine, so what they hold now is less than was counted.
  const product = await productOnSale(stack);
  const order = await callAsPage(page, stack.apiOrigin, 'POST', '/orders/mine/order/create', { productId: String(product.id), quantity: '1', agree: '1', couponId: '', requestId: `e2e-solvency-${Date.now()}` });
  expect(order.code).toBe(200);
  const live = await callAsPage<{ available: string }>(page, stack.apiOrigin, 'GET', '/assets/user/balance');
  expect(BigInt(live.data.available)).toBeLessThan(1000_000_000n);

  await page.goto(`${stack.shellUrl}#/mine`);
  await page.getByTestId('mine-balance').waitFor();
  await expect(page.getByTestId('mine-balance').textContent()).resolves.toBe(`${(Number(live.data.available) / 1e6).toFixed(2)} USDT`);
  const proofLine = page.getByTestId('mine-proof');
  await expect(proofLine.getByTestId('mine-proof-balance').textContent()).resolves.toBe('1000.00 USDT');
  // The snapshot's date and hour, as the member's browser writes them.
  const takenAt = await page.evaluate((iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)), latest().taken_at);
  await expect(proofLine.textContent()).resolves.toContain(takenAt);
  // The root belongs to the solvency page, not to the member's main card.
  await expect(page.getByTestId('solvency-proof-root').count()).resolves.toBe(0);

  await proofLine.click();
  const card = page.getByTestId('solvency-screen').getByTestId('solvency-proof');
  await card.getByTestId('solvency-proof-balance').waitFor();
  await expect(card.getByTestId('solvency-proof-root').textContent()).resolves.toBe(latest().root);
  await expect(card.getByTestId('solvency-proof-balance').textContent()).resolves.toBe('1000.00 USDT');
  await card.getByTestId('solvency-verify').click();
  await card.getByTestId('solvency-verified').waitFor();
  await expect(card.getByTestId('solvency-verified').textContent()).resolves.toContain(shell.solvency.proof.verified);
  await expect(card.getByTestId('solvency-not-verified').count()).resolves.toBe(0);
});

it('fits a 390 px phone in all ten languages and passes axe (English, Tamil), the proof verified', async () => {
  const page = await newPage();
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  const problems: string[] = [];
  for (const tag of LOCALE_TAGS) {
    await page.goto(`${stack.shellUrl}#/solvency`);
    await page.evaluate((t) => localStorage.setItem('rigshare.language', t), tag);
    await page.reload();
    await page.getByTestId('solvency-proof-balance').waitFor();
    await page.getByTestId('solvency-verify').click();
    await page.getByTestId('solvency-verified').waitFor();
    // The page, and any element whose content is wider than its box.
    const misfits = await page.evaluate(() => {
      const found: string[] = [];
      if (document.documentElement.scrollWidth > 390) found.push(`page ${document.documentElement.scrollWidth}px`);
      for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-testid=solvency-screen] *'))) {
        if (el.scrollWidth - el.clientWidth > 1 && getComputedStyle(el).display !== 'inline') found.push(`${el.tagName} "${el.textContent!.slice(0, 30)}"`);
      }
      return found;
    });
    if (misfits.length > 0) problems.push(`${tag}: ${misfits.join(', ')}`);
    if (tag === 'en-US' || tag === 'ta-IN') problems.push(...(await axeViolations(page, tag)));
  }
  expect(problems).toEqual([]);
});
