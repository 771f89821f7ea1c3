/**
 * A member binds an email address (SPEC /user/bindEmail and /user/verify) from the security centre: the
 * verify page first says none is bound; a malformed address is refused on the screen and nothing is
 * sent; a good one gets a code by email (read from the outbox, where development keeps what it would
 * send); a short code is refused on the screen, a wrong one by the server under the field, and the right
 * one binds the address, which the security centre and /user/verify then show.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { currentRoute, field, phonePage } from './browser';
import { DEMO, loginThroughScreen, until } from './session';
import { useStack } from './use-stack';
import { ROOT } from '../src/topology';

const { stack, browser } = useStack();
let page: Page;

const shell = JSON.parse(fs.readFileSync(path.join(ROOT, 'shell/locales/en-US/shell.json'), 'utf8'));
const server = JSON.parse(fs.readFileSync(path.join(ROOT, 'server/src/i18n/messages/en-US.json'), 'utf8'));
/** Typed as a member might; bound in lower case. */
const TYPED = 'Demo.Member@Example.com';
const BOUND = TYPED.toLowerCase();

beforeAll(async () => {
  page = await phonePage(browser);
});

const emailsSent = () => stack.db.prepare('SELECT COUNT(*) AS n FROM email_outbox').get();

it('binds an email with the code sent to it, after refusing a malformed address and a wrong code', async () => {
  await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
  // Nothing bound yet: the verify page sends the member to bind one.
  await page.goto(`${stack.shellUrl}#/user/verify`);
  await page.getByText('You have not bound an email, go to bind', { exact: true }).waitFor();
  await expect(page.getByTestId('email-go-bind').isVisible()).resolves.toBe(true);

  await page.goto(`${stack.shellUrl}#/mine`);
  await page.locator('.mine-list').getByText(shell.security.title, { exact: true }).click();
  const item = page.getByTestId('security-email');
  await item.getByText(shell.email.notBound, { exact: true }).waitFor();
  await item.click();
  // The address's state first: none bound, so the way to bind one.
  await page.getByTestId('email-go-bind').click();

  // A malformed address: the screen says so and nothing is sent.
  await field(page, 'bind-email-input').fill('demo.member@example');
  await page.getByTestId('bind-email-submit').click();
  await page.getByText('Email format incorrect', { exact: true }).waitFor();
  expect(currentRoute(page)).toBe('/user/bindEmail');
  expect(emailsSent()).toEqual({ n: 0 });

  await field(page, 'bind-email-input').fill(TYPED);
  await page.getByTestId('bind-email-submit').click();
  await page.waitForFunction(() => location.hash.startsWith('#/user/verify?email='));
  await page.getByTestId('verify-email-address').getByText(TYPED).waitFor();
  await until(emailsSent, { n: 1 });
  const mail = stack.db.prepare('SELECT email, body FROM email_outbox').get() as { email: string; body: string };
  expect(mail.email).toBe(BOUND);
  const code = /\b(\d{6})\b/.exec(mail.body)![1];
  // The code went just now: another one only after the minute.
  const resendIn = new RegExp(`^${shell.fields.resend.replace('{{seconds}}', '\\d+')}$`);
  await expect(page.getByTestId('send-code').textContent()).resolves.toMatch(resendIn);

  // Too few digits: the screen asks for six and the server sees no try.
  await field(page, 'verify-email-code').fill(code.slice(0, 4));
  await page.getByTestId('verify-email-submit').click();
  await page.getByText(shell.validation.emailCode, { exact: true }).waitFor();
  const triesOnLiveCode = "SELECT count(*) AS n FROM guess_counters g JOIN verification_codes v ON g.key = 'code:' || v.id WHERE v.purpose = 'email' AND v.used_at IS NULL";
  expect(stack.db.prepare(triesOnLiveCode).get()).toEqual({ n: 0 });

  // A wrong code: refused under the field, the member stays on the code step.
  await field(page, 'verify-email-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('verify-email-submit').click();
  await page.locator('.adm-form-item-feedback-error').getByText(server.emailCodeWrong, { exact: true }).waitFor();
  expect(stack.db.prepare(triesOnLiveCode.replace('count(*)', 'sum(g.count)')).get()).toEqual({ n: 1 });
  expect(currentRoute(page)).toBe('/user/verify');

  await field(page, 'verify-email-code').fill(code);
  await page.getByTestId('verify-email-submit').click();
  await page.getByText(shell.email.bound, { exact: true }).waitFor();
  await page.waitForFunction(() => location.hash === '#/user/securitycenter');
  await page.getByTestId('security-email').getByText(BOUND, { exact: true }).waitFor();

  // The verify page without an address to verify shows the bound one as verified.
  await page.goto(`${stack.shellUrl}#/user/verify`);
  await page.getByText(shell.email.verified, { exact: true }).waitFor();
  await expect(page.getByTestId('verified-email').textContent()).resolves.toBe(BOUND);
  await expect(page.getByText(shell.email.notBoundPrompt).count()).resolves.toBe(0);
});
