/**
 * Every screen is reachable by taps (issue 54 §4): from the first screen a visitor sees, a member
 * reaches every route the shell and the member remotes define, and a staff member every route of the
 * console, tapping only (crawl.ts); no address is typed after the first load. The routes come from
 * the route definitions (the shell's route table, remotes.json written from each remote's build), so
 * a new screen without an entry fails this test. Each screen is also checked with axe-core on arrival.
 */
import type { Browser, Page } from 'playwright-core';
import { generateSync } from 'otplib';
import { field, launchBrowser, PHONE, STAFF_SCREEN, takeCspViolations } from './browser';
import { axeViolations } from './axe';
import { crawl, keepSession, routePath, type Reached } from './crawl';
import { screenMisfits } from './fit';
import { callAsPage, createStaff, DEMO, demoMemberStorage, productOnSale, STAFF_PASSWORD } from './session';
import { startStack, WALK_SERVING, type Stack } from './stack';
import { LOCALES, memberScreens, settle, shellPaths, staffScreens, trackRequests, walkRoutes, type InFlight } from './walk';

/**
 * Routes no tap leads to by design, each with the reason. `/nopermission` is the page SPEC.md fixes for
 * a refused screen; nothing in the app refuses a member a screen today (the console says so in place).
 */
const NOT_BY_TAP: Record<string, string> = {
  '/nopermission': 'no screen of this release sends anyone there',
};

/**
 * Never tapped: the back button (the crawl goes back itself), the languages (the crawl stays in one)
 * and the console's logout (it ends the staff session in the page, whatever the server answers).
 */
const SKIP = '[data-testid="screen-back"], .language-list, [data-testid="console-logout"]';

const ANDROID_DOWNLOAD_URL = 'https://downloads.example.test/rigshare-0.5.1.apk';

let stack: Stack;
let browser: Browser;
let savedDownloadUrl: string | undefined;

beforeAll(async () => {
  // config.json names an Android download, so the home header shows it (the stack writes config.json from the environment).
  savedDownloadUrl = process.env.ANDROID_DOWNLOAD_URL;
  process.env.ANDROID_DOWNLOAD_URL = ANDROID_DOWNLOAD_URL;
  stack = await startStack({}, { serving: WALK_SERVING });
  browser = await launchBrowser();
});

afterAll(async () => {
  if (savedDownloadUrl === undefined) delete process.env.ANDROID_DOWNLOAD_URL;
  else process.env.ANDROID_DOWNLOAD_URL = savedDownloadUrl;
  await browser?.close();
  await stack?.close();
});

const isStaffPath = (path: string) => path === '/console' || path.startsWith('/console/');

/** What the crawl did not reach of `wanted`, with the taps that reached the rest (for the failure message). */
function unreached(wanted: string[], reached: Reached): string[] {
  return wanted.filter((path) => !reached.has(path) && !(path in NOT_BY_TAP));
}

/** Fails with the routes no tap reached, for each route reached the taps that reached it, and where the crawl gave up. */
function expectAllReached(wanted: string[], reached: Reached, lost: string[]): void {
  const missing = unreached(wanted, reached);
  if (missing.length === 0) return;
  const trails = [...reached].map(([path, taps]) => `  ${path} ← ${taps.join(' / ') || 'start'}`).join('\n');
  throw new Error(`No tap reaches ${missing.join(', ')}\nReached:\n${trails}\nGave up:\n${lost.map((why) => `  ${why}`).join('\n') || '  nowhere'}`);
}

/**
 * A crawl that runs axe-core on each screen it arrives on and keeps what it finds, and keeps the
 * Content-Security-Policy violations of the app's own pages in `blocked` (axe's own are not reported:
 * browser.ts).
 */
function crawlWithAxe(page: Page, inFlight: InFlight, found: { violations: string[]; blocked: string[]; lost: string[] }, reached: Reached, pointer: 'touch' | 'mouse' = 'touch') {
  return crawl(
    {
      page,
      inFlight,
      skip: SKIP,
      pointer,
      lostWay: (why) => found.lost.push(why),
      arrived: async (path) => {
        // A toast from the screen before (a copy, "No more data") fades over this one: not this screen's, so not measured.
        await page.locator('.adm-toast-mask').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
        found.blocked.push(...takeCspViolations());
        for (const violation of await axeViolations(page)) found.violations.push(`${path}: ${violation}`);
      },
    },
    reached,
  );
}

it('a member reaches every screen of the shell and the member remotes by tapping, from the first screen', async () => {
  const wanted = [...new Set([...shellPaths(), ...memberScreens()])].filter((path) => !isStaffPath(path));
  const page = await (await browser.newContext(PHONE)).newPage();
  const inFlight = trackRequests(page);
  const found = { violations: [] as string[], blocked: [] as string[], lost: [] as string[] };
  const reached: Reached = new Map();

  // The first load: home, which sends a visitor to the login screen. Before logging in: the open screens.
  await page.goto(`${stack.shellUrl}#/index`);
  await settle(page, inFlight);
  expect(routePath(page)).toBe('/user/login');
  await crawlWithAxe(page, inFlight, found, reached);
  expect(routePath(page)).toBe('/user/login');

  // Logging in types (phone and password).
  await field(page, 'login-phone').fill(DEMO.phone);
  await field(page, 'login-password').fill(DEMO.password);
  await page.getByTestId('login-submit').tap();
  await page.waitForFunction(() => location.hash === '#/index');
  // What the screens with a parameter open: an order of the member's (its details and its agreement) and a news item.
  const product = await productOnSale(stack);
  const order = await callAsPage(page, stack.apiOrigin, 'POST', '/orders/mine/order/create', { productId: String(product.id), quantity: '1', agree: '1', requestId: 'reach-order' });
  expect(order.code).toBe(200);
  stack.admin('news:publish', '--title', 'Maintenance on Sunday', '--content', 'Withdrawals pause from 02:00 to 03:00 UTC.', '--by', 'reach-test');

  // From home on, taps only.
  await settle(page, inFlight);
  await keepSession(page);
  // The Android download the deployment names is in the header.
  await expect(page.getByTestId('header-download').getAttribute('href')).resolves.toBe(ANDROID_DOWNLOAD_URL);
  await crawlWithAxe(page, inFlight, found, reached);

  expectAllReached(wanted, reached, found.lost);
  expect(found.violations).toEqual([]);
  expect(found.blocked).toEqual([]);
}, 900_000);

it('a staff member reaches every console screen by tapping, from the staff login', async () => {
  const wanted = [...shellPaths().filter(isStaffPath), ...staffScreens()];
  const secret = new URL(createStaff(stack, 'reach-admin', 'admin')).searchParams.get('secret')!;
  const page = await (await browser.newContext(STAFF_SCREEN)).newPage();
  const inFlight = trackRequests(page);
  const found = { violations: [] as string[], blocked: [] as string[], lost: [] as string[] };
  const reached: Reached = new Map();

  // The first load is the staff login (a staff session is apart from a member's); logging in types.
  await page.goto(`${stack.shellUrl}#/console/login`);
  await settle(page, inFlight);
  reached.set('/console/login', []);
  await field(page, 'staff-login').fill('reach-admin');
  await field(page, 'staff-password').fill(STAFF_PASSWORD);
  await field(page, 'staff-code').fill(generateSync({ secret }));
  await page.getByTestId('staff-login-submit').click();
  await page.waitForFunction(() => location.hash === '#/console');
  await settle(page, inFlight);
  await crawlWithAxe(page, inFlight, found, reached, 'mouse');

  expectAllReached(wanted, reached, found.lost);
  expect(found.violations).toEqual([]);
  expect(found.blocked).toEqual([]);
}, 600_000);

// What the layout walk cannot show: the header's download (config.json names none there) and records with their reference.
it('the header with its Android download and the records with their references fit the phone in every language', async () => {
  const problems: string[] = [];
  await walkRoutes({
    browser,
    shellUrl: stack.shellUrl,
    storageState: await demoMemberStorage(browser, stack.shellUrl),
    locales: LOCALES,
    routes: ['/index', '/user/record'],
    async visit(page, locale, route, inFlight) {
      // Waited for, not just looked at: on a loaded machine the records can arrive after the walk's settle.
      const shows = (testId: string) => page.getByTestId(testId).first().waitFor({ timeout: 15_000 }).then(() => true, () => false);
      if (route === '/index' && !(await shows('header-download'))) problems.push(`${locale}: no download in the header`);
      if (route === '/user/record' && !(await shows('record-code'))) problems.push(`${locale}: no reference on the records`);
      for (const misfit of await screenMisfits(page, inFlight)) problems.push(`${locale} ${route}: ${misfit}`);
    },
  });
  expect(problems).toEqual([]);
}, 300_000);
