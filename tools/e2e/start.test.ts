/**
 * `npm start` itself (tools/src/start.ts) on ports other than the defaults: what it prints works,
 * and the invite link a member shares opens this shell, not one on port 3000.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { field, launchBrowser, PHONE } from './browser';
import { DEMO, loginThroughScreen } from './session';
import { ROOT } from '../src/topology';
import { workerPorts } from './ports';

const { shellPort, apiPort } = workerPorts();
const shellUrl = `http://localhost:${shellPort}/`;

let start: ChildProcess;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, SHELL_PORT: String(shellPort), API_PORT: String(apiPort), HOST: 'localhost', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  delete env.SHARE_BASE_URL;
  delete env.REMOTE_PORT_BASE;
  // One process (node --import tsx), so SIGTERM reaches start.ts and it stops what it started.
  start = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tools/src/start.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    start.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rigshare is running')) resolve();
    });
    start.once('exit', (code) => reject(new Error(`npm start exited with code ${code}:\n${output}`)));
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (start && start.exitCode === null) {
    const exited = new Promise((resolve) => start.once('exit', resolve));
    start.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('the invite link names the shell on the port it runs on, and opens registration with the code', async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    await loginThroughScreen(page, shellUrl, DEMO.phone, DEMO.password);
    await page.getByTestId('header-share').click();
    const link = (await page.getByTestId('share-url').locator('.rs-copy-text__value').textContent())?.trim() ?? '';
    expect(link).toMatch(new RegExp(`^http://localhost:${shellPort}/#/login/registerbym\\?code=`));

    // A friend opens it (a browser of their own) and lands on registration with the code filled in.
    const friend = await browser.newContext(PHONE);
    const friendPage = await friend.newPage();
    await friendPage.goto(link);
    await expect(field(friendPage, 'invite-code').inputValue()).resolves.toBe(decodeURIComponent(link.split('code=')[1]));
    await friend.close();
  } finally {
    await context.close();
  }
});
