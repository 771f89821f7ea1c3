/**
 * A remote that is down (its own server stopped; in the fleet, its location answering 503): the page
 * asks for its container script a few times with growing pauses (not in a loop), shows the area's
 * translated message with a Retry button inside the screen's frame (header, back button), keeps the
 * rest of the app working, and shows the screen again on Retry or by itself once the remote is back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO, loginThroughScreen } from './session';
import { SERVINGS_OF_THIS_RUN } from './stack';
import { usePhonePagePerTest, useStack } from './use-stack';
import { ROOT } from '../src/topology';

/** At most this many requests for its container in 30 s while the remote is down (the issue saw ~170 a second). */
const ENTRY_BUDGET = 10;

/**
 * Lets `ms` of the page's time pass (its clock installed with page.clock) in one-second steps, each
 * followed by 100 ms of real time for what the timers that fell due started (a reload, a request) to
 * run; stops early once `until` holds. The shell's pauses between tries (a second, then checks 5 s to
 * a minute apart) pass on the page's clock, so the test does not wait them out: 30 s of the page's time
 * gives the same count of requests as 30 real seconds did.
 */
async function passPageTime(page: Page, ms: number, until?: () => Promise<boolean>): Promise<void> {
  for (let passed = 0; passed < ms; passed += 1000) {
    await page.clock.fastForward(1000);
    await page.waitForTimeout(100);
    if (until && (await until())) return;
  }
}

function text(file: string, key: string): string {
  const json = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], json) as string;
}

const fallbackTitle = (language: string) => text(`shell/locales/${language}/shell.json`, 'reload.title');
const retryLabel = (language: string) => text(`libs/i18n/locales/${language}/common.json`, 'actions.retry');

// Each way this run serves the app: with E2E_FLEET=1 (CI) both, so both ways of being down are tested.
describe.each(SERVINGS_OF_THIS_RUN)('served by %s', (serving) => {
  const { stack, browser } = useStack({}, { serving });
  const { page } = usePhonePagePerTest(browser);

  beforeAll(async () => {
    // On separate origins the wallet remote runs as its own server process, so the test can kill it like a
    // crashed deployment; in the fleet, stopping it makes nginx answer 503 for its location.
    await stack.stopRemote('wallet');
    await stack.startRemote('wallet', undefined, { ownProcess: true });
  });

  afterEach(async () => {
    // Whatever a test left behind (after its page has closed), the next one starts with the wallet up.
    await stack.stopRemote('wallet');
    await stack.startRemote('wallet', undefined, { ownProcess: true });
  });

  /** Counts the page's requests for the wallet's container script from now on. */
  function countEntryRequests(): () => number {
    const entry = `${stack.remoteOrigin('wallet')}/remoteEntry.js`;
    let count = 0;
    page.on('request', (request) => {
      if (request.url().startsWith(entry)) count += 1;
    });
    return () => count;
  }

  it('a stopped remote is asked for a bounded number of times, shows its message with Retry, and returns on Retry', async () => {
    // Stopped before home opens: home loads the other remotes in idle time (warmRemotes), so a wallet
    // stopped afterwards could already be loaded. Home's one try at it is counted too.
    await stack.stopRemote('wallet');
    const requests = countEntryRequests();
    await page.clock.install();
    await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);

    await page.goto(`${stack.shellUrl}#/user/balance`);
    await passPageTime(page, 30_000);
    console.log(`wallet down (${serving}): ${requests()} requests for its container in 30 s`);
    // At least the first load and its retries: a count that stays 0 would mean the test looks at the wrong URL.
    expect(requests()).toBeGreaterThanOrEqual(3);
    expect(requests()).toBeLessThanOrEqual(ENTRY_BUDGET);

    // The area's fallback, in the member's language, with a Retry button; no endless spinner.
    await page.getByText(fallbackTitle('en-US')).waitFor({ timeout: 2000 });
    const retry = page.getByRole('button', { name: retryLabel('en-US') });
    await expect(retry.isVisible()).resolves.toBe(true);
    await expect(page.locator('.screen-loading').count()).resolves.toBe(0);
    // The screen keeps its frame: the header with the area's name and the way back.
    await expect(page.locator('.screen-header__title').textContent()).resolves.toBe(text('shell/locales/en-US/shell.json', 'areas.wallet'));
    await expect(page.getByTestId('screen-back').isVisible()).resolves.toBe(true);

    // The rest of the app works meanwhile.
    await page.goto(`${stack.shellUrl}#/projects`);
    await page.getByTestId('product-card').first().waitFor();
    await page.goto(`${stack.shellUrl}#/user/balance`);
    await retry.waitFor();

    // The shell also watches for the remote by itself (the next test); its checks are fetches, Retry loads
    // the script, so holding the checks back leaves only Retry to bring the screen back while the
    // restarting remote takes its seconds.
    await page.route(`${stack.remoteOrigin('wallet')}/remoteEntry.js*`, (route) =>
      route.request().resourceType() === 'fetch' ? route.abort() : route.continue(),
    );
    await stack.startRemote('wallet', undefined, { ownProcess: true });
    await retry.click();
    await page.getByTestId('balance-available').waitFor({ timeout: 10_000 });
  });

  it('the screen comes back by itself when the remote returns, and the message is in the member language', async () => {
    await page.clock.install();
    await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
    await page.evaluate(() => localStorage.setItem('rigshare.language', 'hi-IN'));
    await stack.stopRemote('wallet');

    await page.goto(`${stack.shellUrl}#/user/balance`);
    await page.reload();
    // The one reload after a failed load (SPEC), then the message stays.
    await page.waitForEvent('load', { timeout: 10_000 });
    await page.getByText(fallbackTitle('hi-IN')).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: retryLabel('hi-IN') }).waitFor();

    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await stack.startRemote('wallet', undefined, { ownProcess: true });
    // No click and no reload: the shell notices the remote is back, at its next check (a minute apart at most).
    const balance = page.getByTestId('balance-available');
    await passPageTime(page, 70_000, () => balance.isVisible());
    await balance.waitFor({ timeout: 5000 });
    expect(navigations).toBe(0);
  });
});
