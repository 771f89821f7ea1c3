/**
 * The setup a browser test file shares with the others, registered with jest's hooks so the file itself
 * reads as its scenario: `const { stack, browser } = useStack();` at the top, then the tests.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, PHONE } from './browser';
import { startStack, type Stack, type StackOptions } from './stack';

/**
 * Stands for the value `current()` returns when it is used: the hooks create the real one later than
 * the file's top level runs. Methods are bound to it, so `page.on(...)` or `stack.admin(...)` work as on
 * the value itself.
 */
function startedLater<T extends object>(what: string, current: () => T | undefined): T {
  const value = () => current() ?? failNotStarted(what);
  return new Proxy({} as T, {
    get(_, key) {
      const target = value();
      const member = Reflect.get(target, key, target) as unknown;
      return typeof member === 'function' ? member.bind(target) : member;
    },
  });
}

function failNotStarted(what: string): never {
  throw new Error(`The ${what} is created in a jest hook: use it inside a test or a hook, not at the file's top level`);
}

/**
 * Starts the stack (`apiEnv` and `options` as `startStack` takes them) and Chromium before the file's
 * first test and closes both after its last.
 */
export function useStack(apiEnv: NodeJS.ProcessEnv = {}, options: StackOptions = {}): { stack: Stack; browser: Browser } {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startStack(apiEnv, options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  return { stack: startedLater('stack', () => stack), browser: startedLater('browser', () => browser) };
}

/** A new phone context and page for each test of the file (`options` add to or override PHONE), closed after it. */
export function usePhonePagePerTest(browser: Browser, options: BrowserContextOptions = {}): { context: BrowserContext; page: Page } {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async () => {
    context = await browser.newContext({ ...PHONE, ...options });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return { context: startedLater('context', () => context), page: startedLater('page', () => page) };
}
