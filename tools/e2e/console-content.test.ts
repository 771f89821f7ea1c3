/**
 * Issue 12, content: a content staff member publishes a scrolling notice from the console and a member sees
 * it on the home page; unpublished, it is gone. Real API, the built shell, console and home screens.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, phonePage, STAFF_SCREEN } from './browser';
import { DEMO, loginThroughScreen, staffSessionScript, staffSessionThroughApi } from './session';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

it('content staff publish a scrolling notice that members see on home, then take it down', async () => {
  const notice = 'Maintenance on Sunday 02:00-03:00 UTC: income is paid as usual';
  const staffContext = await browser.newContext(STAFF_SCREEN);
  await staffContext.addInitScript(staffSessionScript(await staffSessionThroughApi(stack, 'editor', 'content')));
  const staff = await staffContext.newPage();
  await staff.goto(`${stack.shellUrl}#/console/content?tab=notices`);
  await staff.getByTestId('notice-content').locator('textarea').fill(notice);
  await staff.getByTestId('notice-publish').click();
  const row = staff.getByTestId('notices-row').filter({ hasText: notice });
  await row.waitFor();

  const member = await phonePage(browser);
  await loginThroughScreen(member, stack.shellUrl, DEMO.phone, DEMO.password);
  await member.goto(`${stack.shellUrl}#/index`);
  await member.locator('.adm-notice-bar').getByText(notice, { exact: false }).waitFor();

  await row.getByTestId('notices-unpublish').click();
  await row.getByText('Unpublished').waitFor();
  await member.reload();
  await member.locator('.adm-notice-bar').first().waitFor();
  await member.waitForLoadState('networkidle');
  expect(await member.locator('.adm-notice-bar').getByText(notice, { exact: false }).count()).toBe(0);
});
