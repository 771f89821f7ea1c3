import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'pg';
import { runAdmin } from './helpers';
import { serverBuild } from './server-build';

/**
 * PostgreSQL ends connections the API is using (restart, failover, pg_terminate_backend). The real API
 * runs as its own process here, because what broke was the process itself: an `error` event on a
 * checked-out pool client had no listener and killed it. Expected: the request in flight gets a 503 in
 * the envelope, in the caller's language; the process lives; the pool reconnects.
 */
const serverUrl = process.env.DATABASE_URL;
const SERVER_DIR = path.resolve(__dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Api {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: () => boolean;
}

async function startApi(databaseUrl: string): Promise<Api> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverBuild('main')], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', JOBS_INTERVAL_MS: '0', LOG_LEVEL: 'warn', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let exited = false;
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  child.on('exit', () => (exited = true));
  const deadline = Date.now() + 60_000;
  while (!out.includes('Rigshare API listening')) {
    if (exited || Date.now() > deadline) throw new Error(`API did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited: () => exited };
}

async function call(api: Api, url: string, init: RequestInit = {}): Promise<{ status: number; body: { code: number; msg: string; data: unknown } | null }> {
  try {
    const res = await fetch(api.base + url, init);
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: counted as a broken reply */
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null }; // connection refused or reset: the process is gone
  }
}

const describeOnPostgres = serverUrl ? describe : describe.skip;

describeOnPostgres('the API when PostgreSQL drops its connections', () => {
  const dbName = `rigshare_outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let admin: Client;
  let api: Api;

  /** Terminates every backend of the API's database but `spare`'s; `waitMs` > 0 waits until each is gone. */
  const terminateApiBackends = async (spare = 0, waitMs = 0): Promise<number> =>
    (
      await admin.query(
        `select count(*) filter (where pg_terminate_backend(pid, $3))::int as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and pid <> $2`,
        [dbName, spare, waitMs],
      )
    ).rows[0].n;

  beforeAll(async () => {
    admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    api = await startApi(url.toString());
  }, 90_000);

  afterAll(async () => {
    if (api && !api.exited()) {
      const gone = new Promise((resolve) => api.child.once('exit', resolve));
      api.child.kill('SIGTERM');
      await gone;
    }
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('answers the request in flight with a translated 503, stays up and reconnects', async () => {
    expect((await call(api, '/api/orders/product/list')).status).toBe(200);

    // Hold the request inside PostgreSQL: its query waits for a table lock taken here.
    const locker = new Client({ connectionString: new URL(`/${dbName}`, serverUrl).toString() });
    await locker.connect();
    const lockerPid: number = (await locker.query('select pg_backend_pid() as pid')).rows[0].pid;
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
    // A page the instance has not read yet: a kept one (caches/catalogue-cache.ts) would not touch the database.
    const inFlight = call(api, '/api/orders/product/list?pageSize=7', { headers: { Language: 'de_DE' } });
    const waitDeadline = Date.now() + 10_000;
    for (;;) {
      // The list's own query (the page, ordered by sort_order), not any backend waiting on the lock: a job
      // of the API's that touches products can wait first, and terminating then would miss the request.
      const waiting = await admin.query(
        `select count(*)::int as n from pg_stat_activity
         where datname = $1 and wait_event_type = 'Lock' and query ilike '%order by "sort_order"%'`,
        [dbName],
      );
      if (waiting.rows[0].n > 0) break;
      if (Date.now() > waitDeadline) throw new Error('the request never reached PostgreSQL');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // The API's backends go while the lock still holds the request, and are waited for: had the locker gone
    // first, the request's query could take the lock and answer before its own backend was reached.
    expect(await terminateApiBackends(lockerPid, 5_000)).toBeGreaterThanOrEqual(1);
    await locker.query('ROLLBACK');
    await locker.end();

    const reply = await inFlight;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const processAlive = !api.exited();
    const next = await call(api, '/api/orders/product/list');
    console.log(`request in flight: ${JSON.stringify({ inFlight: reply.status, processAlive, next: next.status })}`);

    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ code: 503, msg: 'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es gleich noch einmal', data: null });
    expect(processAlive).toBe(true);
    expect(next.status).toBe(200);
    expect(next.body?.code).toBe(200);
  });

  it('survives a burst of requests while its backends are terminated again and again', async () => {
    const login = await call(api, '/api/user/auth/token/pass', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone: '9000000001', password: 'Demo12345' }).toString(),
    });
    expect(login.status).toBe(200);
    const token = login.body!.msg;

    let terminating = true;
    let terminated = 0;
    const killer = (async () => {
      while (terminating) {
        terminated += await terminateApiBackends();
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();

    const requests: Promise<{ status: number; body: { code: number } | null }>[] = [];
    for (let i = 0; i < 240; i++) {
      if (i % 3 === 0) requests.push(call(api, '/api/orders/product/list'));
      else if (i % 3 === 1) requests.push(call(api, '/api/assets/user/balance', { headers: { 'x-access-token': token } }));
      else {
        // A ledger transaction: a purchase of one unit (later ones may be refused for the limit: any 4xx is fine).
        requests.push(
          call(api, '/api/orders/mine/order/create', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': token },
            body: new URLSearchParams({ agree: '1', productId: '1', quantity: '1', requestId: `outage-${process.pid}-${i}` }).toString(),
          }),
        );
      }
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const replies = await Promise.all(requests);
    terminating = false;
    await killer;

    const count = (predicate: (r: { status: number }) => boolean) => replies.filter(predicate).length;
    const figures = {
      requests: replies.length,
      backendsTerminated: terminated,
      ok: count((r) => r.status === 200),
      unavailable503: count((r) => r.status === 503),
      other4xx: count((r) => r.status >= 400 && r.status < 500),
      serverError500: count((r) => r.status === 500),
      noReply: count((r) => r.status === 0),
      processAlive: !api.exited(),
    };
    console.log(`database outage burst: ${JSON.stringify(figures)}`);

    expect(terminated).toBeGreaterThan(0);
    expect(figures.unavailable503).toBeGreaterThan(0);
    expect(figures.noReply).toBe(0);
    expect(figures.serverError500).toBe(0);
    expect(replies.every((r) => r.body !== null && r.body.code === r.status)).toBe(true);
    expect(figures.processAlive).toBe(true);

    // pg_terminate_backend only signals: a backend signalled in the killer's last round may still die
    // under the next request (a 503 is right for it). The pool must be serving again within seconds.
    let next = await call(api, '/api/assets/user/balance', { headers: { 'x-access-token': token } });
    for (const deadline = Date.now() + 5_000; next.status === 503 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      next = await call(api, '/api/assets/user/balance', { headers: { 'x-access-token': token } });
    }
    expect(next.status).toBe(200);

    // No half-done purchase: the ledger still balances.
    const check = await runAdmin('', ['ledger:check'], { DATABASE_URL: new URL(`/${dbName}`, serverUrl).toString() });
    expect(check.out).toContain('ledger ok');
  }, 60_000);
});
