/** What several browser tests do as a member (register and log in through the real screens) or as the operator (create a staff account). */
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { PRODUCT_STATUS, toE164, type Envelope } from '@rigshare/domain';
import { generateSync } from 'otplib';
import { field, PHONE, phonePage, STAFF_SCREEN } from './browser';
import type { SqlAccess, Stack } from './stack';

export const DEMO = { phone: '9000000001', password: 'Demo12345', inviteCode: 'RIGSHARE' };

/** How the server stores a number typed on the screens with India picked (the deployment's default). */
export function e164(national: string): string {
  return toE164(national, 'IN') ?? national;
}

export async function loginThroughScreen(page: Page, shellUrl: string, phone: string, password: string): Promise<void> {
  await page.goto(`${shellUrl}#/user/login`);
  await field(page, 'login-phone').fill(phone);
  await field(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForFunction(() => !location.hash.startsWith('#/user/login'));
}

/** The demo member's browser storage after one login through the screen, for walks that open many pages. */
export async function demoMemberStorage(browser: Browser, shellUrl: string): Promise<BrowserContextOptions['storageState']> {
  const login = await browser.newContext(PHONE);
  try {
    await loginThroughScreen(await login.newPage(), shellUrl, DEMO.phone, DEMO.password);
    return await login.storageState();
  } finally {
    await login.close();
  }
}

/** A phone page (`options` add to or override PHONE) logged in as the demo member through the screen. */
export async function memberPage(browser: Browser, stack: Pick<Stack, 'shellUrl'>, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await phonePage(browser, options);
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  return page;
}

/** Calls the API from inside the page with the page's own session, as its screens do: form fields in, the envelope back. `url` is below `/api`. */
export function callAsPage<T>(page: Page, apiOrigin: string, method: 'GET' | 'POST', url: string, fields: Record<string, string> = {}): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ apiOrigin, method, url, fields }) => {
      const headers: Record<string, string> = { 'X-Access-Token': localStorage.getItem('rigshare.token') ?? '' };
      const init: RequestInit = { method, headers };
      if (method === 'POST') {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        init.body = new URLSearchParams(fields).toString();
      }
      return (await fetch(`${apiOrigin}/api${url}`, init)).json();
    },
    { apiOrigin, method, url, fields },
  );
}

/** The answer the server keeps for an image code: what a member reads off the picture. */
export function captchaAnswer(db: SqlAccess, captchaId: string): string {
  return (db.prepare('SELECT answer FROM captchas WHERE id = ?').get(captchaId) as { answer: string }).answer;
}

/** The six-digit code of the newest SMS to `phone`, from the outbox development keeps instead of sending. */
export function lastSmsCode(db: SqlAccess, phone: string): string {
  const sms = db.prepare('SELECT body FROM sms_outbox WHERE phone = ? ORDER BY id DESC LIMIT 1').get(e164(phone)) as { body: string };
  return /\b(\d{6})\b/.exec(sms.body)![1];
}

/** Sets the fund password of the member the page is logged in as, through the API: image code, SMS code, PIN. */
export async function setFundPassword(page: Page, stack: Pick<Stack, 'apiOrigin' | 'db'>, phone: string, pin: string): Promise<void> {
  const call = <T>(method: 'GET' | 'POST', url: string, fields?: Record<string, string>) => callAsPage<T>(page, stack.apiOrigin, method, url, fields);
  const captcha = await call<{ captchaId: string }>('GET', '/user/auth/captcha');
  const { captchaId } = captcha.data;
  expect((await call('POST', '/user/auth/paypwd-code', { captchaId, captchaCode: captchaAnswer(stack.db, captchaId) })).code).toBe(200);
  expect((await call('POST', '/user/auth/update-paypwd', { smsCode: lastSmsCode(stack.db, phone), payPassword: pin, confirmPayPassword: pin })).code).toBe(200);
}

/** Polls `read` until it equals `expected` (5 s at most). */
export async function until(read: () => unknown, expected: unknown): Promise<void> {
  const deadline = Date.now() + 5000;
  while (JSON.stringify(read()) !== JSON.stringify(expected)) {
    if (Date.now() > deadline) expect(read()).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Completes the registration screen the page is on (its invite code already filled by the link) and waits for
 * the login screen. The image code and the SMS come from the operator side: the captcha table and the SMS outbox.
 */
export async function registerThroughScreen(page: Page, db: SqlAccess, phone: string, password: string): Promise<void> {
  await field(page, 'phone').fill(phone);
  await field(page, 'password').fill(password);
  await field(page, 'confirm-password').fill(password);
  const captchaId = await page.getByTestId('captcha-image').getAttribute('data-captcha-id');
  await field(page, 'captcha-code').fill(captchaAnswer(db, captchaId!));
  await page.getByTestId('send-code').click();
  await until(() => db.prepare('SELECT COUNT(*) AS n FROM sms_outbox WHERE phone = ?').get(e164(phone)), { n: 1 });
  await field(page, 'sms-code').fill(lastSmsCode(db, phone));
  await page.getByTestId('submit').click();
  await page.waitForFunction(() => location.hash.startsWith('#/user/login'));
}

/** The password every staff account the browser tests create gets. */
export const STAFF_PASSWORD = 'Console-pass-2026';

type StaffRole = 'support' | 'finance' | 'content' | 'admin';

/**
 * Creates a staff account from the command line, as the operator does (the password from
 * STAFF_PASSWORD); returns the otpauth:// URI it prints for the authenticator app.
 */
export function createStaff(stack: Pick<Stack, 'adminWithEnv'>, login: string, role: StaffRole): string {
  const printed = stack.adminWithEnv({ STAFF_PASSWORD }, 'staff:create', login, '--role', role, '--by', 'e2e');
  const uri = /otpauth:\/\/\S+/.exec(printed)?.[0];
  if (!uri) throw new Error(`staff:create printed no otpauth URI:\n${printed}`);
  return uri;
}

/** A new staff account logged in through the API (password and TOTP code): the session the console keeps. */
export async function staffSessionThroughApi(stack: Pick<Stack, 'adminWithEnv' | 'apiOrigin'>, login: string, role: StaffRole): Promise<{ token: string; login: string; role: string }> {
  const secret = new URL(createStaff(stack, login, role)).searchParams.get('secret')!;
  const response = await fetch(`${stack.apiOrigin}/admin/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login, password: STAFF_PASSWORD, code: generateSync({ secret }) }),
  });
  const body = (await response.json()) as { code: number; data: { token: string; staff: { login: string; role: string } } };
  if (body.code !== 200) throw new Error(`staff login of ${login} failed: ${JSON.stringify(body)}`);
  return { token: body.data.token, login: body.data.staff.login, role: body.data.staff.role };
}

/** A browser init script that puts a staff session where the console keeps it (sessionStorage: this tab only). */
export function staffSessionScript(session: { token: string; login: string; role: string }): { content: string } {
  return { content: `sessionStorage.setItem('rigshare.staffSession', ${JSON.stringify(JSON.stringify(session))})` };
}

/** A desk-screen page of a new staff account `login` with `role`, its session already where the console keeps it. */
export async function staffPage(browser: Browser, stack: Pick<Stack, 'adminWithEnv' | 'apiOrigin'>, login: string, role: StaffRole): Promise<Page> {
  const session = await staffSessionThroughApi(stack, login, role);
  const context = await browser.newContext(STAFF_SCREEN);
  await context.addInitScript(staffSessionScript(session));
  return context.newPage();
}

/** A product of the seed on normal sale with units left (not sold out, pre-sale or rush), from the member's product list. */
export async function productOnSale(stack: Pick<Stack, 'apiOrigin'>): Promise<{ id: number; productName: string; status: number; unitsLeft: number; price: string }> {
  const response = await fetch(`${stack.apiOrigin}/api/orders/product/list?pageNum=1&pageSize=50`);
  const { data } = (await response.json()) as { data: { list: { id: number; productName: string; status: number; unitsLeft: number; price: string }[] } };
  const card = data.list.find((p) => ![3, 5, 6].includes(p.status) && p.unitsLeft > 0);
  if (!card) throw new Error('The seed has no product on normal sale');
  return card;
}

/** On a product's page: agrees to the lease, presses buy and confirms in the dialog. */
export async function buyOnProductPage(page: Page): Promise<void> {
  await page.getByTestId('agree-lease').click();
  await confirmPurchase(page);
}

/** Presses buy on a product's page (the lease already agreed to) and confirms in the dialog. */
export async function confirmPurchase(page: Page): Promise<void> {
  await page.getByTestId('buy').click();
  await page.locator('.adm-dialog').getByRole('button').last().click();
}

/** After a purchase: the member's orders, where it lands, and the newest order's card once shown. */
export async function newestOrderCard(page: Page): Promise<Locator> {
  await page.waitForFunction(() => location.hash.startsWith('#/user/myorder'));
  const order = page.getByTestId('order-card').first();
  await order.waitFor();
  return order;
}

/** The product whose detail page has the most to show: one in pre-sale (its badge with a date), else the first. */
export async function productToShow(stack: Pick<Stack, 'apiOrigin'>): Promise<number> {
  const response = await fetch(`${stack.apiOrigin}/api/orders/product/list?pageNum=1&pageSize=50`);
  const { data } = (await response.json()) as { data: { list: { id: number; status: number }[] } };
  return (data.list.find((product) => product.status === PRODUCT_STATUS.preSale) ?? data.list[0]).id;
}

/** Sends a multipart upload from inside the page with its own session, as its screens do: `file` is the picture's part. `url` is below `/api`. */
export function uploadAsPage<T>(page: Page, apiOrigin: string, url: string, fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer }): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ apiOrigin, url, fields, file }) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      body.append(file.field, new Blob([bytes], { type: 'image/png' }), file.name);
      const headers = { 'X-Access-Token': localStorage.getItem('rigshare.token') ?? '' };
      return (await fetch(`${apiOrigin}/api${url}`, { method: 'POST', headers, body })).json();
    },
    { apiOrigin, url, fields, file: { field: file.field, name: file.name, base64: file.bytes.toString('base64') } },
  );
}
