/**
 * Issue 12 as staff live it: a member's page never downloads the console; a finance staff member enrols
 * the authenticator app, logs in with its code, confirms a bank recharge and approves a withdrawal that
 * the member then sees paid with the tx hash; a content staff member sees a post's picture and a
 * join-group screenshot (private files, through links signed for them) and fails the post with a reason
 * the author reads; a support staff member opens a feedback's picture. Real API, real built shell and
 * console remote.
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { field, PHONE, pictureShown, STAFF_SCREEN } from './browser';
import { wordsSplitAcrossLines } from './fit';
import { callAsPage, createStaff, DEMO, loginThroughScreen, setFundPassword, STAFF_PASSWORD, uploadAsPage } from './session';
import { useStack } from './use-stack';
import { ROOT } from '../src/topology';

const PIN = '135790';
const ADDRESS = '0x2222222222222222222222222222222222222222';
const TX_HASH = `0x${'c3'.repeat(32)}`;
/** A real 1x1 PNG. */
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const { stack, browser } = useStack();
let member: BrowserContext;
let memberPage: Page;

beforeAll(async () => {
  member = await browser.newContext(PHONE);
  memberPage = await member.newPage();
});

/** A call to the API with the member page's session (what the member's screens send). */
const call = <T>(method: 'GET' | 'POST', url: string, fields?: Record<string, string>) => callAsPage<T>(memberPage, stack.apiOrigin, method, url, fields);

/** The staff login screen: enrol the authenticator from the QR code's URI, then log in with its current code. */
async function staffLogin(page: Page, login: string): Promise<void> {
  await page.goto(`${stack.shellUrl}#/console/login`);
  await field(page, 'staff-login').fill(login);
  await field(page, 'staff-password').fill(STAFF_PASSWORD);
  await page.getByTestId('staff-enrol').click();
  await page.getByTestId('staff-enrolment').locator('img').waitFor();
  if (login === 'cashier') await page.screenshot({ path: path.join(ROOT, 'docs/screenshots/console-enrolment.png') });
  const uri = (await page.getByTestId('staff-otpauth').textContent())!.trim();
  const secret = new URL(uri).searchParams.get('secret')!;
  await field(page, 'staff-code').fill(generateSync({ secret }));
  await page.getByTestId('staff-login-submit').click();
  await page.waitForFunction(() => location.hash === '#/console');
}

/** A link of the console's section bar (the dashboard's cards link to the same places). */
const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });

/** The dashboard's cards are exactly those of the sections this role can open (no card leads to "not allowed"). */
async function expectDashboardCards(page: Page, expected: string[]): Promise<void> {
  await page.getByTestId(expected[0]).waitFor();
  const shown = await page.locator('.console-card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')));
  expect(shown).toEqual(expected);
}

async function staffPage(): Promise<Page> {
  return (await browser.newContext(STAFF_SCREEN)).newPage();
}

/** Answers the console's one-line dialog (a tx hash, a reason) and confirms it. */
async function answerDialog(page: Page, text: string): Promise<void> {
  await page.getByTestId('console-ask-input').locator('input').fill(text);
  await page.locator('.adm-dialog-footer').getByRole('button').last().click();
}

it("a member's pages never fetch the console's code", async () => {
  const consoleOrigin = stack.remoteOrigin('console');
  const fetched: string[] = [];
  memberPage.on('request', (request) => {
    if (request.url().startsWith(consoleOrigin)) fetched.push(request.url());
  });
  await loginThroughScreen(memberPage, stack.shellUrl, DEMO.phone, DEMO.password);
  for (const path of ['/index', '/projects', '/dynamic', '/index/friend', '/mine', '/user/balance']) {
    await memberPage.goto(`${stack.shellUrl}#${path}`);
    await memberPage.locator('.app-main').waitFor();
    await memberPage.waitForLoadState('networkidle');
  }
  // A member who opens a console path is sent to the staff login, still without the console's code.
  await memberPage.goto(`${stack.shellUrl}#/console/withdrawals`);
  await memberPage.waitForFunction(() => location.hash.startsWith('#/console/login'));
  await memberPage.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
});

it('finance staff log in with TOTP, confirm a bank recharge and approve a withdrawal the member sees paid with its tx hash', async () => {
  // The member's side: a bank recharge waiting for staff, and a USDT withdrawal of 10.
  const banks = await call<{ id: number }[]>('GET', '/assets/system/pay/config/banks');
  const reference = `UTR${Date.now()}`;
  expect((await call('POST', '/assets/user/cashrecharge', { bankId: String(banks.data[0].id), amount: '1000', reference, requestId: `e2e-console-rc-${Date.now()}` })).code).toBe(200);
  await setFundPassword(memberPage, stack, DEMO.phone, PIN);
  expect((await call('POST', '/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).code).toBe(200);
  const withdrawal = await call<{ id: number }>('POST', '/assets/user/withdraw', { channel: 'USDT', amount: '10', payPassword: PIN, requestId: `e2e-console-wd-${Date.now()}` });
  expect(withdrawal.code).toBe(200);

  createStaff(stack, 'cashier', 'finance');
  const staff = await staffPage();
  await staffLogin(staff, 'cashier');
  await staff.getByTestId('console-staff').getByText('cashier').waitFor();
  // Finance sees money sections, not the content or admin ones.
  await expectDashboardCards(staff, ['pending-recharges', 'pending-withdrawals', 'dashboard-pool', 'dashboard-budget', 'dashboard-liabilities']);
  await expect(section(staff, 'Reviews').count()).resolves.toBe(0);
  await expect(section(staff, 'Audit log').count()).resolves.toBe(0);

  await section(staff, 'Recharges').click();
  const rechargeRow = staff.getByTestId('recharges-row').filter({ hasText: reference });
  await rechargeRow.getByTestId('recharge-confirm').click();
  await rechargeRow.waitFor({ state: 'detached' });
  const credited = stack.db.prepare('SELECT status FROM cash_deposits WHERE reference = ?').get(reference) as { status: string };
  expect(credited.status).not.toBe('Pending');

  await section(staff, 'Withdrawals').click();
  const withdrawalRow = staff.getByTestId('withdrawals-row').filter({ hasText: ADDRESS });
  await withdrawalRow.waitFor();
  // A desk tool: the console takes a desktop's width, not a phone's, and no heading or figure is split.
  await expect(staff.locator('.console').evaluate((el) => el.getBoundingClientRect().width)).resolves.toBeGreaterThan(1000);
  await expect(staff.evaluate(wordsSplitAcrossLines, '.console-table th, .console-table td')).resolves.toEqual([]);
  await staff.screenshot({ path: path.join(ROOT, 'docs/screenshots/console-withdrawals.png') });
  await withdrawalRow.getByTestId('withdrawal-approve').click();
  // Nothing entered, then not a hash: the dialog stays open and says why under the field; nothing is paid.
  await staff.locator('.adm-dialog-footer').getByRole('button').last().click();
  await staff.locator('.adm-dialog').getByRole('alert').getByText('Required', { exact: true }).waitFor();
  await answerDialog(staff, '0x1234');
  await staff.locator('.adm-dialog').getByRole('alert').getByText('A transaction hash is 0x followed by 64 hexadecimal characters.').waitFor();
  expect(stack.db.prepare('SELECT status FROM withdrawals WHERE id = ?').get(withdrawal.data.id)).toEqual({ status: 'Pending' });
  await answerDialog(staff, TX_HASH);
  await withdrawalRow.waitFor({ state: 'detached' });

  // The member's withdrawal record: paid, with the hash staff entered.
  await memberPage.goto(`${stack.shellUrl}#/user/allExtract`);
  const record = memberPage.getByTestId('withdrawal-record').first();
  await record.getByTestId('withdrawal-status').getByText('Succeeded').waitFor();
  await record.getByText(TX_HASH.slice(0, 10), { exact: false }).first().waitFor();

  const audit = stack.db.prepare("SELECT actor, action FROM audit_log WHERE actor = 'cashier' ORDER BY id").all() as { actor: string; action: string }[];
  expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['recharge.confirm', 'withdrawal.approve']));
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});

it("finance staff see each budget with what it reserved and the days it lasts, and fund the promotions budget", async () => {
  createStaff(stack, 'treasurer', 'finance');
  const staff = await staffPage();
  await staffLogin(staff, 'treasurer');
  await section(staff, 'Money').click();
  const promotions = staff.getByTestId('budget-promotions');
  await promotions.waitFor();
  for (const budget of ['pool', 'rewards']) await staff.getByTestId(`budget-${budget}`).waitFor();
  const shown = async () => (await promotions.locator('.console-card__value').textContent())!.trim();
  const before = await shown();
  // The demo's coupons reserved part of its promotions budget; the card says how much.
  await promotions.getByText(/Reserved by open codes and coupons: [\d,.]+ USDT/).waitFor();

  await staff.getByText('Promotions budget', { exact: true }).last().click();
  await field(staff, 'money-amount').fill('25');
  await field(staff, 'money-reason').fill('Launch promotions');
  await staff.getByTestId('fund-submit').click();
  await staff.getByText(/Funded 25(\.00)? USDT/).waitFor();
  await staff.waitForFunction(([selector, text]) => document.querySelector(selector)?.textContent?.trim() !== text, ['[data-testid="budget-promotions"] .console-card__value', before] as const);
  const figure = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  expect(figure(await shown()) - figure(before)).toBeCloseTo(25, 2);
  const funded = stack.db.prepare("SELECT type, reason FROM ledger_transfers WHERE type = 'Promotions Budget' ORDER BY id DESC LIMIT 1").get();
  expect(funded).toEqual({ type: 'Promotions Budget', reason: 'Launch promotions' });
  expect(stack.admin('ledger:check').trim()).toBe('ledger ok');
});

it("content staff review a post's picture and a join-group screenshot, and fail the post with a reason its author reads beside the picture", async () => {
  // Both are private until reviewed: only the member and staff fetch them, through links signed for each.
  const post = await uploadAsPage<{ id: number }>(memberPage, stack.apiOrigin, '/comment/square/add', { content: 'Look at my rig, best deal ever: buy now at example.net' }, { field: 'images', name: 'rig.png', bytes: PICTURE });
  expect(post.code).toBe(200);
  const shot = await uploadAsPage(memberPage, stack.apiOrigin, '/user/joinGroup/upload', {}, { field: 'image', name: 'joined.png', bytes: PICTURE });
  expect(shot.code).toBe(200);

  createStaff(stack, 'editor', 'content');
  const staff = await staffPage();
  await staffLogin(staff, 'editor');
  await expectDashboardCards(staff, ['pending-posts', 'pending-submissions']);
  await section(staff, 'Reviews').click();
  const row = staff.getByTestId('posts-row').filter({ hasText: 'best deal ever' });
  // The post's words, not the stored markup.
  await expect(row.textContent()).resolves.not.toContain('<p>');
  const picture = row.getByTestId('post-image').locator('img');
  expect(new URL((await picture.getAttribute('src'))!).searchParams.get('viewer')).toMatch(/^s\d+$/);
  expect(await pictureShown(picture)).toBe(1);
  const screenshot = staff.getByTestId('submissions-row').filter({ hasText: DEMO.phone }).getByTestId('submission-screenshot').locator('img');
  expect(await pictureShown(screenshot)).toBe(1);
  await row.getByTestId('post-fail').click();
  await answerDialog(staff, 'Advertising is not allowed');
  await row.waitFor({ state: 'detached' });

  await memberPage.goto(`${stack.shellUrl}#/user/dyrecord`);
  const failed = memberPage.getByTestId('post-card').filter({ hasText: 'Advertising is not allowed' });
  await failed.waitFor();
  expect(await pictureShown(failed.locator('.community-thumb img').first())).toBe(1);
});

it("support staff see a feedback's picture and open it on its own", async () => {
  const text = 'The income page showed yesterday twice after I changed the language to Hindi.';
  expect((await uploadAsPage(memberPage, stack.apiOrigin, '/push/feedback/create', { content: text }, { field: 'file', name: 'screen.png', bytes: PICTURE })).code).toBe(200);

  createStaff(stack, 'helpdesk', 'support');
  const staff = await staffPage();
  await staffLogin(staff, 'helpdesk');
  await expectDashboardCards(staff, ['pending-feedback']);
  await section(staff, 'Feedback').click();
  const attachment = staff.getByTestId('feedback-row').filter({ hasText: 'showed yesterday twice' }).getByTestId('feedback-attachment');
  expect(await pictureShown(attachment.locator('img'))).toBe(1);
  // The link opens the picture in a tab of its own: an image document, not a page that could run anything.
  const [tab] = await Promise.all([staff.context().waitForEvent('page'), attachment.click()]);
  await tab.waitForLoadState();
  expect(await tab.evaluate(() => document.contentType)).toBe('image/png');
});
