/**
 * What the web benchmarks share: the production build of the shell and the remotes, and a server for
 * it the way the fleet serves it: one origin with the shell at /, each remote under /remotes/<name>/
 * and the API under /api through a small proxy (no request is cross-origin), hashed files immutable,
 * HTML/JSON/manifests `no-cache`, pre-compressed copies.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, PHONE } from '../e2e/browser';
import { DEMO, loginThroughScreen } from '../e2e/session';
import { startApiProcess, stopProcess } from '../src/api-process';
import { SAME_ORIGIN, remotesDocument, runtimeConfig } from '../src/runtime-documents';
import { setCacheHeaders } from '../src/static-server';
import { REMOTE_NAMES, ROOT, distOf, topologyFromEnv, type Topology } from '../src/topology';

export const HOST = '127.0.0.1';

/** Nx without its daemon or cloud, building for production; `env` adds to it. */
export const buildEnv = (env: Record<string, string> = {}) => ({ ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NODE_ENV: 'production', ...env });

/** Builds the shell and every remote for production (MINIFY=false in `env` keeps the functions' names). */
export function buildApps(env: Record<string, string> = {}): void {
  const projects = ['@rigshare/shell', ...REMOTE_NAMES.map((name) => `@rigshare/${name}`)];
  console.log(`building ${projects.join(', ')}${env.MINIFY === 'false' ? ' with readable names (MINIFY=false)' : ''} ...`);
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--skip-nx-cache'], { cwd: ROOT, env: buildEnv(env), stdio: 'ignore' });
}

/** Forwards /api/* to the API untouched (method, headers, body, status), like a reverse proxy. */
function proxyTo(apiPort: number, req: http.IncomingMessage, res: http.ServerResponse) {
  const upstream = http.request({ host: HOST, port: apiPort, path: req.url, method: req.method, headers: req.headers }, (reply) => {
    res.writeHead(reply.statusCode ?? 502, reply.headers);
    reply.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

/** One origin on `port`: the shell (from `shellDist`) at /, each remote under /remotes/<name>/, the API (on `apiPort`) under /api. */
export async function serveSameOrigin(port: number, apiPort: number, shellDist: string): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    serverFactory: (handler) => http.createServer((req, res) => (req.url?.startsWith('/api/') ? proxyTo(apiPort, req, res) : handler(req, res))),
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // The deployment's two documents: every remote and every API host on this same origin.
  const topology: Topology = { ...topologyFromEnv({}), host: HOST, apiPort: port };
  const remotes = remotesDocument(topology, {}, SAME_ORIGIN);
  const documents: Record<string, unknown> = { 'remotes.json': remotes, 'config.json': runtimeConfig(topology) };
  for (const [file, body] of Object.entries(documents)) {
    app.get(`/${file}`, async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(body));
  }
  const statics = [{ root: shellDist, prefix: '/' }, ...REMOTE_NAMES.map((name) => ({ root: distOf(name), prefix: `/remotes/${name}/` }))];
  for (const [i, { root, prefix }] of statics.entries()) {
    await app.register(fastifyStatic, { root, prefix, decorateReply: i === 0, cacheControl: false, etag: true, preCompressed: true, setHeaders: setCacheHeaders });
  }
  await app.listen({ port, host: HOST });
  return app;
}

/**
 * The stack a browser benchmark runs against: the API on a scratch SQLite database on `port` + 2, the
 * builds served on one origin on `port`, and Chromium. `stop` takes it all down again.
 */
export async function startWebBench(port: number, name: string): Promise<{ origin: string; browser: Browser; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `rigshare-${name}-`));
  const origin = `http://${HOST}:${port}`;
  const api = await startApiProcess({
    port: port + 2,
    corsOrigins: [origin],
    stdio: 'ignore',
    env: { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SHARE_BASE_URL: `${origin}/#/login/registerbym?code=` },
  });
  const server = await serveSameOrigin(port, port + 2, distOf('shell'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return {
    origin,
    browser,
    async stop() {
      await browser.close();
      await server.close();
      await stopProcess(api);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A signed-in member's cookies and local storage, carried into a fresh context. */
export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The demo member's session after a real login through the screen and home shown with its banner: home
 * then keeps what it showed for the next start's first paint, as for a member coming back.
 */
export async function memberComingBack(browser: Browser, origin: string): Promise<Session> {
  const context = await browser.newContext({ viewport: PHONE.viewport });
  try {
    const page = await context.newPage();
    await loginThroughScreen(page, `${origin}/`, DEMO.phone, DEMO.password);
    await page.locator('.home-banner__image').first().waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}
