/**
 * Issue 54 §6 on the records screens: the kind comes from a drop-down action list and the month from a
 * year | month picker (confirm, cancel; "All time" goes back); only matching rows show, and an empty month
 * says so. Both fit a 390 px phone in Tamil and German, open.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PHONE } from './browser';
import { misfits } from './fit';
import { callAsPage, DEMO, loginThroughScreen, setFundPassword } from './session';
import { useStack } from './use-stack';
import { settle, trackRequests, type InFlight } from './walk';
import { ROOT } from '../src/topology';

const { stack, browser } = useStack({ WITHDRAW_HOLD_HOURS: '0' });
let page: Page;
let inFlight: InFlight;

const wallet = JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes/wallet/locales/en-US/wallet.json'), 'utf8'));
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** Not UTC: the month is the member's. */
const TIME_ZONE = 'Asia/Kolkata';
/** Where the screenshots of the open filters go, for a person to look at. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'records-filter-shots');

beforeAll(async () => {
  page = await (await browser.newContext({ ...PHONE, timezoneId: TIME_ZONE, locale: 'en-US' })).newPage();
  inFlight = trackRequests(page);
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
});

/** "2026-11" of an instant in the member's zone, and its year and month. */
function monthOf(at: Date): { month: string; year: number; number: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' }).formatToParts(at);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const number = Number(parts.find((p) => p.type === 'month')!.value);
  return { month: `${year}-${String(number).padStart(2, '0')}`, year, number };
}
const monthName = (number: number) => new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, number - 1, 1));

/** Waits until the list shows exactly these record types (or withdrawal cards), top to bottom. */
async function rowsAre(selector: string, expected: string[]): Promise<void> {
  const read = () => page.locator(selector).allTextContents();
  await page
    .waitForFunction(([sel, want]) => JSON.stringify(Array.from(document.querySelectorAll(sel), (e) => e.textContent)) === want, [selector, JSON.stringify(expected)] as const, { timeout: 5000 })
    .catch(() => undefined);
  expect(await read()).toEqual(expected);
}
const RECORD_TYPES = '[data-testid=wallet-record] > .wallet-record__row:first-child > strong';
const WITHDRAWALS = '[data-testid=withdrawal-record] > .wallet-record__row:first-child > strong';

/** The filter bar's drop-downs: 0 the kind, 1 the period. */
const dropdownTitle = (index: number) => page.locator('[data-testid=records-filter] .adm-dropdown-item').nth(index);
async function chooseInDropdown(index: number, choice: string): Promise<void> {
  await openDropdown(index);
  await page.locator('.adm-dropdown-item-content .adm-check-list-item').filter({ hasText: choice, visible: true }).first().click();
}

/** Opens a drop-down and lets its list finish sliding down. */
async function openDropdown(index: number): Promise<void> {
  await dropdownTitle(index).click();
  await page.locator('.adm-dropdown-item-content .adm-check-list-item').filter({ visible: true }).first().waitFor();
  await page.waitForTimeout(SLIDE_MS);
}

/** antd-mobile's popups slide in for 300 ms. */
const SLIDE_MS = 400;

/** Waits until the period drop-down's title reads `text`. */
async function periodTitleIs(text: string): Promise<void> {
  await page.waitForFunction(([sel, want]) => document.querySelectorAll(sel)[1]?.textContent === want, ['[data-testid=records-filter] .adm-dropdown-item', text] as const, { timeout: 5000 }).catch(() => undefined);
  expect(await dropdownTitle(1).textContent()).toBe(text);
}

/** In the open month picker: the year's and the month's rows of the wheels, then confirm. */
async function pickMonth(year: number, number: number): Promise<void> {
  const columns = page.locator('.adm-picker-view-column').filter({ visible: true });
  await columns.first().waitFor();
  await page.waitForTimeout(SLIDE_MS);
  expect(await columns.count()).toBe(2);
  // A finger taps a row of the wheel, which turns to it.
  await columns.nth(0).locator('.adm-picker-view-column-item').filter({ hasText: String(year) }).tap();
  await columns.nth(1).locator('.adm-picker-view-column-item').filter({ hasText: monthName(number) }).tap();
  // The wheel settles on the tapped row before confirm reads it.
  await page.waitForTimeout(600);
  await page.locator('.adm-picker-header-button').filter({ visible: true }).last().click();
  await columns.first().waitFor({ state: 'hidden' });
}

it('filters the records by kind from the drop-down and by month from the picker, and the withdrawals by channel', async () => {
  // A withdrawal beside the demo balance's records.
  await setFundPassword(page, stack, DEMO.phone, '123456');
  const call = (url: string, fields: Record<string, string>) => callAsPage(page, stack.apiOrigin, 'POST', url, fields);
  expect((await call('/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).code).toBe(200);
  expect((await call('/assets/user/withdraw', { channel: 'USDT', amount: '2', payPassword: '123456', requestId: 'records-filter-1' })).code).toBe(200);

  await page.goto(`${stack.shellUrl}#/user/record`);
  await settle(page, inFlight);
  await page.locator(RECORD_TYPES).first().waitFor();
  const all = await page.locator(RECORD_TYPES).allTextContents();
  expect(all).toContain('Withdrawal');
  expect(new Set(all).size).toBeGreaterThan(1);

  await chooseInDropdown(0, wallet.recordType.Withdrawal);
  await rowsAre(RECORD_TYPES, ['Withdrawal']);
  expect(page.url()).toContain('type=Withdrawal');

  // This month (the picker opens on it): the withdrawal is still there.
  const now = monthOf(new Date());
  await chooseInDropdown(1, wallet.records.chooseMonth);
  await pickMonth(now.year, now.number);
  await periodTitleIs(`${monthName(now.number)} ${now.year}`);
  await rowsAre(RECORD_TYPES, ['Withdrawal']);
  expect(page.url()).toContain(`month=${now.month}`);

  // The month before: nothing, and the screen says which month.
  const before = monthOf(new Date(Date.UTC(now.year, now.number - 2, 15)));
  await chooseInDropdown(1, `${monthName(now.number)} ${now.year}`);
  await pickMonth(before.year, before.number);
  await periodTitleIs(`${monthName(before.number)} ${before.year}`);
  await rowsAre(RECORD_TYPES, []);
  await expect(page.getByTestId('page-empty').textContent()).resolves.toBe(`No records in ${monthName(before.number)} ${before.year}${wallet.recordType.Withdrawal}`);

  // "All time" and "All kinds": every record again.
  await chooseInDropdown(1, wallet.records.allTime);
  await rowsAre(RECORD_TYPES, ['Withdrawal']);
  await chooseInDropdown(0, wallet.records.allKinds);
  await rowsAre(RECORD_TYPES, all);

  // Withdrawal records: by channel.
  await page.goto(`${stack.shellUrl}#/user/withrecord`);
  await settle(page, inFlight);
  await rowsAre(WITHDRAWALS, [wallet.withrecord.usdt]);
  await chooseInDropdown(0, wallet.withrecord.bank);
  await rowsAre(WITHDRAWALS, []);
  await expect(page.getByTestId('page-empty').textContent()).resolves.toBe(wallet.withrecord.emptyKind);
  await chooseInDropdown(0, wallet.withrecord.usdt);
  await rowsAre(WITHDRAWALS, [wallet.withrecord.usdt]);
});

it('fits a 390 px phone in Tamil and German with the kind drop-down and the month picker open', async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const problems: string[] = [];
  for (const locale of ['ta-IN', 'de-DE', 'te-IN', 'kn-IN']) {
    await page.evaluate((tag) => localStorage.setItem('rigshare.language', tag), locale);
    // The longest kind's name on the bar, and a month beside it.
    await page.goto(`${stack.shellUrl}#/user/record?type=Withdrawal%20Failed&month=2026-09`);
    await page.reload();
    await settle(page, inFlight);
    for (const misfit of await page.evaluate(misfits, PHONE.viewport.width)) problems.push(`${locale} bar: ${misfit}`);
    await openDropdown(0);
    for (const misfit of await page.evaluate(misfits, PHONE.viewport.width)) problems.push(`${locale} kinds: ${misfit}`);
    await page.screenshot({ path: path.join(SHOTS, `records-kinds-${locale}.png`) });
    await dropdownTitle(0).click();
    await openDropdown(1);
    await page.locator('.adm-dropdown-item-content .adm-check-list-item').filter({ visible: true }).last().click();
    await page.locator('.adm-picker-view-column').filter({ visible: true }).first().waitFor();
    await page.waitForTimeout(SLIDE_MS);
    for (const misfit of await page.evaluate(misfits, PHONE.viewport.width)) problems.push(`${locale} picker: ${misfit}`);
    await page.screenshot({ path: path.join(SHOTS, `records-month-picker-${locale}.png`) });
    await page.locator('.adm-picker-header-button').filter({ visible: true }).first().click();
  }
  expect(problems).toEqual([]);
});
