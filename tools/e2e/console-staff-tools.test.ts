/**
 * Issue 54 §5 and §6, in the browser: the console's dashboard lists a setting members depend on while it
 * is empty and leads staff to where they set it (members meanwhile read "not set up yet"); content staff
 * post for a member from the console, and members see the post with the "posted by staff" mark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO, memberPage, staffPage } from './session';
import { useStack } from './use-stack';
import { ROOT } from '../src/topology';

const ENGLISH_SHELL = JSON.parse(fs.readFileSync(path.join(ROOT, 'shell/locales/en-US/shell.json'), 'utf8')) as { service: { notSetUp: string; title: string } };

const { stack, browser } = useStack();

it('the dashboard lists the empty customer-service link until the admin sets it, and members then reach customer service', async () => {
  const member = await memberPage(browser, stack);
  await member.goto(`${stack.shellUrl}#/index`);
  await member.getByTestId('header-service').click();
  await member.getByText(ENGLISH_SHELL.service.notSetUp).waitFor();

  const admin = await staffPage(browser, stack, 'settings-admin', 'admin');
  await admin.goto(`${stack.shellUrl}#/console`);
  await admin.getByTestId('unset-serviceLink').click();
  await admin.waitForURL(/#\/console\/catalogue\?tab=links/);
  await admin.getByTestId('link-serviceLink').locator('input').fill('https://support.example.com/chat');
  await admin.getByTestId('link-serviceLink').locator('xpath=ancestor::form').getByRole('button').click();
  await admin.locator('.adm-toast-main').waitFor();

  // The dashboard opens by a hash change and first draws the list it held from the first visit, then asks
  // again: read the answer to that question, then the screen once it has drawn it.
  const unsetAgain = admin.waitForResponse((response) => response.url().endsWith('/settings/unset'));
  await admin.goto(`${stack.shellUrl}#/console`);
  const unset = (await (await unsetAgain).json()) as { data: { key: string }[] };
  expect(unset.data.map((setting) => setting.key)).not.toContain('serviceLink');
  await admin.getByTestId('unset-serviceLink').waitFor({ state: 'detached', timeout: 5_000 });

  await member.reload();
  await member.getByTestId('header-service').click();
  await member.locator('.adm-dialog-title').getByText(ENGLISH_SHELL.service.title, { exact: true }).waitFor();
});

it("content staff post for a member, signed with their own role, and the feed shows it with the staff mark", async () => {
  const content = await staffPage(browser, stack, 'post-editor', 'content');
  await content.goto(`${stack.shellUrl}#/console/content?tab=forMember`);
  await expect(content.getByTestId('post-for-member-mark').textContent()).resolves.toContain('post-editor');
  const text = `Weekly mining report ${Date.now()}: every machine paid on time`;
  await content.getByTestId('post-for-member-to').locator('input').fill(DEMO.phone);
  await content.getByTestId('post-for-member-content').locator('textarea').fill(text);
  await content.getByTestId('post-for-member-send').click();
  await content.locator('.adm-toast-main').waitFor();

  const member = await memberPage(browser, stack);
  await member.goto(`${stack.shellUrl}#/dynamic`);
  const card = member.getByTestId('post-card').filter({ hasText: text });
  await card.waitFor();
  await expect(card.getByTestId('staff-mark').textContent()).resolves.toMatch(/staff/i);
});
