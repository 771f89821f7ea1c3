/**
 * Reaching screens by tapping only, as a member finds them: on the screen the page shows, every in-app
 * link and every element React gives a click handler is tapped in turn; a tap that opens another route
 * is followed (depth first), and the page's history (the phone's back gesture) returns to the screen
 * before. No address is ever typed. A tap that opens a confirmation is never confirmed, and the
 * member's logout is refused (`keepSession`), so the session lasts the whole crawl. CRAWL_DEBUG=1
 * prints each tap and where the crawl lost its way.
 */
import type { Page } from 'playwright-core';
import { settle, type InFlight } from './walk';

/** One thing on the screen a member can tap. */
interface Tappable {
  /** Its place in the list the page was last asked for (`data-crawl`). */
  index: number;
  /** What it is, the same each time the screen is drawn: its test id, its link or its kind and text. */
  key: string;
  /** An in-app link's route path, when it is a link. */
  linkPath: string | null;
  /** A link out of the app (another site, a new tab): never followed. */
  leaves: boolean;
}

export interface CrawlOptions {
  page: Page;
  inFlight: InFlight;
  /** Elements never tapped (a CSS selector), e.g. the languages other than the crawl's. */
  skip: string;
  /** Runs once for each route path the first time the crawl arrives on it. */
  arrived?: (path: string) => Promise<void>;
  /** `mouse` on a desk screen without touch (the staff console); `touch` (a phone) when not given. */
  pointer?: 'touch' | 'mouse';
  /** How many taps deep from the starting screen (12 when not given). */
  maxDepth?: number;
  /** Told each time the crawl gives up on a screen before its last control, and why (for a failure's message). */
  lostWay?: (why: string) => void;
}

/** Route path -> the taps that first reached it. */
export type Reached = Map<string, string[]>;

/** The route path the page shows, e.g. `/user/record` for `#/user/record?type=5`. */
export function routePath(page: Page): string {
  return pathOfHash(new URL(page.url()).hash);
}

const pathOfHash = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';

/**
 * Refuses, in the browser, the member's logout from now on, so the crawl's session lasts whatever it
 * taps (a tap does what it does for a member: a sign-in, a like; it confirms nothing, see `dismissOverlay`).
 */
export async function keepSession(page: Page): Promise<void> {
  await page.route('**/api/user/auth/logout', (route) => route.abort());
}

/**
 * Crawls from the screen the page shows; adds every route path it arrives on to `reached` (the
 * starting one included) with the taps that led there.
 */
export async function crawl(options: CrawlOptions, reached: Reached = new Map()): Promise<Reached> {
  const { page } = options;
  // A link that opens a tab of its own (a download, the customer-service chat) is closed at once.
  page.on('popup', (opened) => void opened.close());
  const tried = new Set<string>();
  const start = routePath(page);
  if (!reached.has(start)) {
    reached.set(start, []);
    await options.arrived?.(start);
  }
  await explore(options, reached, tried, [], 0);
  return reached;
}

async function explore(options: CrawlOptions, reached: Reached, tried: Set<string>, trail: string[], depth: number): Promise<void> {
  const { page, inFlight } = options;
  const here = routePath(page);
  let entry = await historyEntry(page);
  const giveUp = (why: string) => {
    if (process.env.CRAWL_DEBUG) console.log(`${here}: ${why}`);
    options.lostWay?.(`${here}: ${why}`);
  };
  // A notice the screen opened on arrival (home's pop-up notice) is read and closed first.
  if ((await overlayOpen(page)) && !(await dismissOverlay(page, entry, here, inFlight))) return giveUp('a notice on arrival would not close');
  for (const candidate of await tappables(page, here, options.skip)) {
    if (candidate.leaves || (candidate.linkPath && reached.has(candidate.linkPath)) || tried.has(candidate.key)) continue;
    let tapped = await tapAnew(options, here, candidate.key);
    if (tapped === null) continue;
    tried.add(candidate.key);
    // A notice that opened after the list was made (home's pop-up, late on a loaded machine) took the tap: closed, then tapped again.
    if (!tapped && (await overlayOpen(page))) {
      if (!(await dismissOverlay(page, entry, here, inFlight))) return giveUp(`a notice over ${candidate.key} would not close`);
      tapped = (await tapAnew(options, here, candidate.key)) ?? false;
    }
    if (process.env.CRAWL_DEBUG) console.log(`${here} tap ${candidate.key}: ${tapped ? 'done' : 'failed'}`);
    if (!tapped) continue;
    await settle(page, inFlight);
    const arrivedAt = routePath(page);
    if (arrivedAt !== here) {
      const path = [...trail, `${here} → ${candidate.key}`];
      if (!reached.has(arrivedAt)) {
        reached.set(arrivedAt, path);
        await options.arrived?.(arrivedAt);
        if (depth < (options.maxDepth ?? 12)) await explore(options, reached, tried, path, depth + 1);
      }
      if (!(await returnTo(page, entry, here, inFlight))) {
        return giveUp(`no way back after ${candidate.key}, at ${routePath(page)}`);
      }
    } else {
      if ((await overlayOpen(page)) && !(await dismissOverlay(page, entry, here, inFlight))) return giveUp(`what ${candidate.key} opened would not close`);
      // A tab that put its choice into the address replaced the history entry: this screen's is the new one.
      entry = await historyEntry(page);
    }
  }
}

/**
 * Taps the control `key` names, found anew on the screen (it may have been drawn again since the list was
 * made, after a return): true when tapped, false when the tap did not land, null when the control is gone.
 */
async function tapAnew(options: CrawlOptions, here: string, key: string): Promise<boolean | null> {
  const { page } = options;
  const now = (await tappables(page, here, options.skip)).find((t) => t.key === key);
  if (!now) return null;
  const control = page.locator(`#root [data-crawl="${now.index}"]`);
  return (options.pointer === 'mouse' ? control.click({ timeout: 3000 }) : control.tap({ timeout: 3000 })).then(
    () => true,
    () => false,
  );
}

/** The key of the page's current history entry (the Navigation API's), to come back to it. */
function historyEntry(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { navigation: { currentEntry: { key: string } } }).navigation.currentEntry.key);
}

/**
 * Back (or forward, after a tap that went back) through the page's history to `entry`, as the phone's
 * back gesture does; false when that entry is gone (the tap replaced it) or shows another route.
 */
async function returnTo(page: Page, entry: string, path: string, inFlight: InFlight): Promise<boolean> {
  const moved = await page.evaluate(async (key) => {
    const navigation = (window as unknown as { navigation: { currentEntry: { key: string } | null; entries(): { key: string }[]; traverseTo(key: string): { finished: Promise<unknown> } } }).navigation;
    if (!navigation.currentEntry) return false;
    if (navigation.currentEntry.key === key) return true;
    if (!navigation.entries().some((e) => e.key === key)) return false;
    return navigation.traverseTo(key).finished.then(
      () => true,
      () => false,
    );
  }, entry);
  await settle(page, inFlight);
  return moved && routePath(page) === path;
}

/**
 * Closes what lies over the screen without confirming anything: a notice with one button by that
 * button; else a tap on the dimmed page around it (most dialogs and sheets close so); else by leaving
 * the screen and coming back, which closes every dialog.
 */
async function dismissOverlay(page: Page, entry: string, path: string, inFlight: InFlight): Promise<boolean> {
  const only = page.locator('.adm-dialog-footer button:visible, .adm-modal-footer button:visible');
  if ((await only.count()) === 1) await only.click({ timeout: 3000 }).catch(() => undefined);
  else await page.mouse.click(4, 4);
  if (await overlayGone(page)) return routePath(page) === path;
  const canGoBack = await page.evaluate(() => (window as unknown as { navigation: { canGoBack: boolean } }).navigation.canGoBack);
  if (!canGoBack) return false;
  await page.goBack();
  return returnTo(page, entry, path, inFlight);
}

/** Waits for the overlay to fade out (antd's masks fade before they go): true once gone, false after 5 s (a loaded machine fades slowly). */
async function overlayGone(page: Page): Promise<boolean> {
  for (let waited = 0; waited < 5000; waited += 100) {
    if (!(await overlayOpen(page))) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/**
 * Whether something lies over the screen and takes its taps (a toast does not). A closed picker or sheet
 * keeps its mask in the page, hidden, so what counts is a mask that is drawn.
 */
function overlayOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => [...document.querySelectorAll('.adm-mask:not(.adm-toast-mask), .adm-image-viewer-content')].some((el) => el.checkVisibility()));
}

/** What on the screen (the app's root, not the first paint's copy) a member can tap, in document order. */
function tappables(page: Page, route: string, skip: string): Promise<Tappable[]> {
  return page.evaluate(
    ({ route, skip }) => {
      const root = document.getElementById('root');
      if (!root) return [];
      const reactProps = (el: Element) => {
        const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
        return key ? ((el as unknown as Record<string, { onClick?: unknown } | undefined>)[key] ?? null) : null;
      };
      const found: Element[] = [];
      for (const el of root.querySelectorAll('*')) {
        el.removeAttribute('data-crawl');
        const link = el.tagName === 'A' && el.hasAttribute('href');
        if (!link && typeof reactProps(el)?.onClick !== 'function') continue;
        if (el.matches('input, textarea, select, [type=submit]') || el.closest(skip)) continue;
        if (el.closest(':disabled, [aria-disabled="true"], .adm-button-disabled, .adm-list-item-disabled')) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
        found.push(el);
      }
      // Tabs last: a tab changes what the screen shows below it (an order list filtered to none).
      const isTab = (el: Element) => el.matches('[role="tab"], .adm-tabs-tab, .adm-selector-item, .adm-segmented-item');
      found.sort((a, b) => Number(isTab(a)) - Number(isTab(b)));
      return found.map((el, index) => {
        el.setAttribute('data-crawl', String(index));
        const href = el.tagName === 'A' ? el.getAttribute('href') : null;
        const testId = el.getAttribute('data-testid');
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        const linkPath = href?.startsWith('#/') ? href.slice(1).split('?')[0] : null;
        return {
          index,
          // A test id or a link is the same control wherever it shows (the tab bar, a product card); anything else is this screen's.
          key: testId ? `[data-testid=${testId}]` : linkPath ? `link ${href}` : `${route} ${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${text}"`,
          linkPath,
          leaves: href !== null && (!href.startsWith('#/') || el.getAttribute('target') === '_blank'),
        };
      });
    },
    { route, skip },
  );
}
