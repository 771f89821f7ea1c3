/** Debian's Chromium driven by playwright-core (no browser download here). */
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** The phone every member screen is tested on (DESIGN.md: screens must fit 390 px wide). */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true } as const;

/** The staff console's desk screen. */
export const STAFF_SCREEN = { viewport: { width: 1280, height: 800 } } as const;

/** A page in a new phone context of its own (`options` add to or override PHONE). */
export async function phonePage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext({ ...PHONE, ...options })).newPage();
}

/** antd-mobile puts data-* attributes on the wrapper; this finds the input either way. */
export function field(page: Page, testId: string) {
  return page.locator(`input[data-testid="${testId}"], [data-testid="${testId}"] input`).first();
}

/** The hash route the page shows, e.g. `/user/login`. */
export function currentRoute(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
}

/**
 * Waits until the <img> has loaded and decoded a picture (a broken link, a 404 or a refused file never
 * does); returns its natural width. How a screen's private pictures (signed links) are seen to work.
 */
export async function pictureShown(image: Locator): Promise<number> {
  await image.scrollIntoViewIfNeeded();
  const handle = await image.elementHandle();
  await image.page().waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, handle, { timeout: 15_000 });
  return image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
}
