/**
 * The fleet as a member's browser meets it (E2E_FLEET=1: nginx, two compiled API instances, PostgreSQL,
 * Redis; tools/src/fleet.ts): one origin for the page, the remotes and the API, so no CORS preflight;
 * hashed files cached for a year, the page and the remotes' containers asked again; an instance killed with
 * kill -9 goes unnoticed.
 */
import crypto from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { FEEDBACK_ATTACHMENT_LIMIT_BYTES, IMAGE_UPLOAD_LIMIT_BYTES, POST_MAX_IMAGES } from '@rigshare/domain';
import { launchBrowser, PHONE } from './browser';
import { DEMO, loginThroughScreen } from './session';
import { startStack, type Stack } from './stack';

const inFleet = process.env.E2E_FLEET === '1';
if (!inFleet) console.log('fleet.test.ts skipped: it runs against the fleet (E2E_FLEET=1, with PostgreSQL and nginx; .ci/run does it)');
const describeInFleet = inFleet ? describe : describe.skip;

describeInFleet('the fleet behind nginx', () => {
  let stack: Stack;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let requests: { url: string; method: string }[] = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  /** A fresh phone-sized page that records every request it makes; closed after the test. */
  async function recordingPhonePage(): Promise<Page> {
    context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2 });
    requests = [];
    const page = await context.newPage();
    page.on('request', (request) => requests.push({ url: request.url(), method: request.method() }));
    return page;
  }

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  it('a member uses the app on one origin: the page, every remote and the API come from nginx, with no CORS preflight', async () => {
    const page = await recordingPhonePage();
    await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
    for (const route of ['/projects', '/user/balance', '/index/friend', '/dynamic', '/message']) {
      await page.goto(`${stack.shellUrl}#${route}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('reload-notice').count()).resolves.toBe(0);
    }
    const origin = new URL(stack.shellUrl).origin;
    const elsewhere = requests.filter((r) => /^https?:/.test(r.url) && new URL(r.url).origin !== origin);
    expect(elsewhere).toEqual([]);
    expect(requests.filter((r) => r.method === 'OPTIONS')).toEqual([]);
    // The API answered through nginx (a login, lists), and each remote's container came from its path.
    expect(requests.some((r) => r.method === 'POST' && r.url.startsWith(`${origin}/api/user/`))).toBe(true);
    for (const remote of ['products', 'wallet', 'team', 'community', 'messages']) {
      expect(requests.map((r) => r.url)).toContain(`${origin}/remotes/${remote}/remoteEntry.js`);
    }
  });

  it('hashed files are cached for a year; the page, config.json and the remotes\' containers are asked again every time', async () => {
    const cacheControl = async (url: string) => (await fetch(url)).headers.get('cache-control');
    const html = await (await fetch(stack.shellUrl)).text();
    // A hashed script the page loads (a src attribute, or the list its start-up script loads).
    const script = /"([^"]*static\/js\/[^"]+\.[0-9a-f]{8,}\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(await cacheControl(new URL(script!, stack.shellUrl).href)).toBe('public, max-age=31536000, immutable');
    expect(await cacheControl(stack.shellUrl)).toBe('no-cache');
    expect(await cacheControl(`${stack.remoteOrigin('wallet')}/remoteEntry.js`)).toBe('no-cache');
    const config = await fetch(`${stack.shellUrl}config.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    // The shell learns the API as a path on its own origin.
    expect(((await config.json()) as { apiHosts: Record<string, string> }).apiHosts.user).toBe('/api/user');
  });

  it('the largest uploads the API takes pass nginx: a post with nine pictures, feedback with a 20 MB picture', async () => {
    const login = await fetch(`${stack.apiOrigin}/api/user/auth/token/pass`, { method: 'POST', body: new URLSearchParams({ phone: DEMO.phone, password: DEMO.password }) });
    const token = ((await login.json()) as { msg: string }).msg;
    /** A real picture of about `bytes` (a PNG of noise does not compress), as the API decodes every one. */
    const picture = async (bytes: number) => {
      const side = Math.floor(Math.sqrt(bytes / 3));
      const png = await sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
      return new Blob([new Uint8Array(png)], { type: 'image/png' });
    };
    const send = async (url: string, content: string, files: [field: string, picture: Blob][]) => {
      const form = new FormData();
      form.append('content', content);
      for (const [field, file] of files) form.append(field, file, 'picture.png');
      const response = await fetch(`${stack.apiOrigin}${url}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
      const text = await response.text();
      return { status: response.status, code: text.startsWith('{') ? (JSON.parse(text) as { code: number }).code : text.slice(0, 80) };
    };
    // Each a little under its limit: the PNG's rows and chunks add to the pixels.
    const nine = await Promise.all(Array.from({ length: POST_MAX_IMAGES }, async (): Promise<[string, Blob]> => ['images', await picture(IMAGE_UPLOAD_LIMIT_BYTES - 64 * 1024)]));
    await expect(send('/api/comment/square/add', 'Nine pictures of the rig in its rack', nine)).resolves.toEqual({ status: 200, code: 200 });
    const words = 'The income page showed an error today and this picture is what the screen looked like then';
    await expect(send('/api/push/feedback/create', words, [['file', await picture(FEEDBACK_ATTACHMENT_LIMIT_BYTES - 64 * 1024)]])).resolves.toEqual({ status: 200, code: 200 });
  });

  it('a redeployed remote is served within seconds while a browser holds a socket that never sent a request', async () => {
    // Chromium opens sockets ahead of need; one that never sends a request kept nginx's old worker, and
    // the former location of a remote, for a minute after the reload (client_header_timeout).
    const { hostname, port } = new URL(stack.shellUrl);
    const preconnected = net.connect(Number(port), hostname);
    await once(preconnected, 'connect');
    preconnected.on('error', () => {}); // a reset counts as closed too
    const closedByNginx = new Promise((resolve) => preconnected.once('close', resolve));
    try {
      await stack.stopRemote('community'); // waits until no worker from before the reload is left
      await closedByNginx;
    } finally {
      preconnected.destroy();
      await stack.startRemote('community');
    }
  });

  it('a member does not notice when one API instance is killed with kill -9', async () => {
    const page = await recordingPhonePage();
    await loginThroughScreen(page, stack.shellUrl, DEMO.phone, DEMO.password);
    const [first] = stack.fleet!.apis;
    const gone = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await gone;
    await page.goto(`${stack.shellUrl}#/projects`);
    await page.reload();
    await page.getByTestId('product-name').first().waitFor();
    // Every API call of that page, and a few more, answered by the instance left.
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${stack.apiOrigin}/api/orders/product/list?pageNum=1&pageSize=5`);
      expect(response.status).toBe(200);
    }
  });
});
