/** What several browser tests do as a member: log in through the real login screen. */
import type { Page } from 'playwright-core';
import { field } from './browser';

export const DEMO = { phone: '9000000001', password: 'Demo12345', inviteCode: 'RIGSHARE' };

export async function loginThroughScreen(page: Page, shellUrl: string, phone: string, password: string): Promise<void> {
  await page.goto(`${shellUrl}#/user/login`);
  await field(page, 'login-phone').fill(phone);
  await field(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForFunction(() => !location.hash.startsWith('#/user/login'));
}
