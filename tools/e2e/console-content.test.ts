/**
 * Issue 12, content: a content staff member publishes a scrolling notice from the console and a member sees
 * it on the home page; unpublished, it is gone. Issue 54 §6: staff publish a wallet-page notice and set the
 * invite message; the member sees the notice on the wallet page and copies the message with their own link
 * and code from the team's invite card. Real API, the built shell, console, wallet and team remotes.
 */
import type { Page } from 'playwright-core';
import { phonePage } from './browser';
import { DEMO, loginThroughScreen, memberPage, staffPage } from './session';
import { useStack } from './use-stack';

const { stack, browser } = useStack();

it('content staff publish a scrolling notice that members see on home, then take it down', async () => {
  const notice = 'Maintenance on Sunday 02:00-03:00 UTC: income is paid as usual';
  const staff = await staffPage(browser, stack, 'editor', 'content');
  await staff.goto(`${stack.shellUrl}#/console/content?tab=notices`);
  await staff.getByTestId('notice-content').locator('textarea').fill(notice);
  await staff.getByTestId('notice-publish').click();
  const row = staff.getByTestId('notices-row').filter({ hasText: notice });
  await row.waitFor();

  const member = await memberPage(browser, stack);
  await member.goto(`${stack.shellUrl}#/index`);
  await member.locator('.adm-notice-bar').getByText(notice, { exact: false }).waitFor();

  await row.getByTestId('notices-unpublish').click();
  await row.getByText('Unpublished').waitFor();
  await member.reload();
  await member.locator('.adm-notice-bar').first().waitFor();
  await member.waitForLoadState('networkidle');
  expect(await member.locator('.adm-notice-bar').getByText(notice, { exact: false }).count()).toBe(0);
});

/** Keeps what the page copies in `window.copied`, then copies it as the page asked. */
const RECORD_COPIES = `(() => {
  const clipboard = navigator.clipboard;
  const write = clipboard && clipboard.writeText.bind(clipboard);
  window.copied = [];
  if (clipboard) clipboard.writeText = (text) => { window.copied.push(text); return write(text).catch(() => undefined); };
})();`;

const copied = (page: Page) => page.evaluate(() => (window as unknown as { copied: string[] }).copied);

it('staff publish a wallet notice and set the invite message; the member sees the notice and copies the message with their link', async () => {
  const title = 'Bank withdrawals';
  const notice = 'Bank withdrawals are paid on working days only; USDT withdrawals every day.';
  const staff = await staffPage(browser, stack, 'texts-editor', 'content');
  await staff.goto(`${stack.shellUrl}#/console/content?tab=notices`);
  await staff.locator('.adm-selector-item').filter({ hasText: 'Wallet page' }).click();
  await staff.getByTestId('notice-title').locator('input').fill(title);
  await staff.getByTestId('notice-content').locator('textarea').fill(notice);
  await staff.getByTestId('notice-publish').click();
  const row = staff.getByTestId('notices-row').filter({ hasText: title });
  await row.waitFor();

  await staff.goto(`${stack.shellUrl}#/console/content?tab=inviteMessage`);
  await staff.getByRole('textbox', { name: /English \(en-US\)/ }).fill('Rent mining machines with me: {link} - my code is {code}');
  await staff.getByTestId('invite-message-save').click();
  await staff.getByText('Invite message saved').waitFor();

  const member = await phonePage(browser);
  await member.addInitScript(RECORD_COPIES);
  await loginThroughScreen(member, stack.shellUrl, DEMO.phone, DEMO.password);
  await member.goto(`${stack.shellUrl}#/user/balance`);
  const shown = member.getByTestId('wallet-notice').filter({ hasText: notice });
  await shown.waitFor();
  expect(await shown.textContent()).toContain(title);
  // The notice wraps inside the phone's width: read in full, nothing scrolls sideways.
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await member.goto(`${stack.shellUrl}#/index/friend`);
  const message = member.getByTestId('invite-message');
  await message.getByText(`my code is ${DEMO.inviteCode}`, { exact: false }).waitFor();
  const link = (await member.getByTestId('invite-link').locator('.rs-copy-text__value').textContent())!.trim();
  expect(link).toContain(DEMO.inviteCode);
  await message.getByRole('button').click();
  await member.getByText('Copy success').first().waitFor();
  expect(await copied(member)).toEqual([`Rent mining machines with me: ${link} - my code is ${DEMO.inviteCode}`]);

  // Taken down, the wallet page shows no notice at all.
  await staff.goto(`${stack.shellUrl}#/console/content?tab=notices`);
  const published = staff.getByTestId('notices-row').filter({ hasText: title });
  await published.getByTestId('notices-unpublish').click();
  await published.getByText('Unpublished').waitFor();
  // The next open of the screen reads the list again. Until the answer comes the screen draws the list it
  // already holds (the notice), so the check waits for that answer, not for the page to look loaded.
  const listReadAgain = member.waitForResponse((response) => response.url().includes('/sys/wallet-notice'));
  await member.goto(`${stack.shellUrl}#/user/balance`);
  expect((await (await listReadAgain).json()).data).toEqual([]);
  await member.getByTestId('wallet-notices').waitFor({ state: 'detached', timeout: 5_000 });
  await member.getByTestId('balance-available').waitFor();
  expect(await member.getByTestId('wallet-notices').count()).toBe(0);
});
