/**
 * Installable and offline: the shell's page names a web manifest with the install icons, registers a
 * service worker, and once visited opens without a network, saying in the member's language that
 * they are offline; it starts by itself when the connection is back.
 */
import { usePhonePagePerTest, useStack } from './use-stack';

const { stack, browser } = useStack();
const { context, page } = usePhonePagePerTest(browser);

async function visitUntilServiceWorkerControls(language?: string) {
  if (language) await page.addInitScript((lng) => localStorage.setItem('rigshare.language', lng), language);
  await page.goto(`${stack.shellUrl}#/user/login`);
  await page.getByTestId('login-submit').waitFor();
  // The worker installs on the first visit and takes the page over (clients.claim) once active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

it('the page names a web manifest whose icons exist, so the app can be installed', async () => {
  await page.goto(stack.shellUrl);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(new URL(href!, stack.shellUrl).href)).json();
  expect(manifest).toMatchObject({ name: 'Rigshare', display: 'standalone' });
  const sizes = (manifest.icons as { src: string; sizes: string }[]).map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const response = await page.request.get(new URL(icon.src, stack.shellUrl).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
  }
});

it('a visited shell opens offline with a translated message and starts by itself once back online', async () => {
  await visitUntilServiceWorkerControls();
  await context.setOffline(true);
  await page.reload();
  const notice = page.getByTestId('reload-notice');
  await notice.waitFor();
  expect(await notice.getAttribute('data-reason')).toBe('offline');
  expect(await notice.innerText()).toContain('You are offline');

  await context.setOffline(false);
  await page.getByTestId('login-submit').waitFor({ timeout: 30_000 });
  expect(await notice.isVisible()).toBe(false);
});

it('the offline message is in the member\'s language', async () => {
  await visitUntilServiceWorkerControls('de-DE');
  await context.setOffline(true);
  await page.reload();
  const notice = page.getByTestId('reload-notice');
  await notice.waitFor();
  expect(await notice.innerText()).toContain('Sie sind offline');
});
