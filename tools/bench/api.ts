/**
 * npm run bench:api -- [--members M] [--history H] [--duration S] [--connections C] [--rounds R] [--only info|list|purchase] [--profile]
 *
 * Requests a second the real API serves on PostgreSQL, beside what the same machine does without the app:
 *  1. creates a scratch PostgreSQL database next to DATABASE_URL (tools/bench/scratch-db.ts), builds the
 *     production server (server/scripts/build.mjs -> server/dist) and starts it with plain node on it, as
 *     production does (NODE_ENV=production, SEED=reference, LOG_LEVEL as set, default info, its log to a
 *     file); no REDIS_URL: none of the measured routes is rate limited (limits guard logins and SMS codes);
 *  2. seeds M members (default 200) through the server's code: users with a real scrypt password hash,
 *     a 10,000 USDT staff credit each through the ledger (ledger/operator adjust), a 1 USDT product with
 *     enough units; logs each member in through POST /api/user/auth/token/pass; each member buys H times
 *     (default 20) through the purchase route, so the tables hold a history, then VACUUM ANALYZE, as a live
 *     database's autovacuum keeps the planner's statistics (this machine's PostgreSQL runs without it, and
 *     plans chosen on empty tables scan whole tables once they have grown);
 *  3. autocannon, C connections (default 16) for S seconds (default 10) each, after a 2 s warm-up, in R
 *     rounds (default 3), each route next to its baseline so that a ratio compares runs of the same minute:
 *       GET /api/user/user/info ("/user/info", signed in: the members' tokens in turn) and
 *         GET /api/orders/product/list (public; answered from the instance's catalogue cache), then a
 *         Fastify hello-world server (its own process, like the API) under the same load;
 *       POST /api/orders/mine/order/create (purchases: the members in turn, a distinct requestId each), then
 *         pgbench TPC-B (Debian's postgresql-contrib) with C clients for S seconds on its own scratch
 *         database, scale C (one branch row per client, so clients do not queue on one row);
 *     then checks that the purchases answered 200 made as many orders (give or take the requests in flight
 *     when a run stops) and that the ledger balances;
 * and prints a table, with the CPU milliseconds a request cost the serving process, PostgreSQL's processes
 * (from /proc, so Linux only; what fewer statements save shows there even while purchases queue on a lock)
 * and this process, the load generator, which shares the cores with them,
 * and the ratios issues #13 and #58 ask for, each round's and their median: /user/info and the product list
 * >= 40 % of hello-world requests/s, purchases >= 50 % of pgbench TPS. --profile writes a V8 CPU profile of the API process (.cpuprofile) into
 * the printed log folder; --only with it loads that one route and nothing else, so the profile is that route's.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { phoneLookupKey } from '@rigshare/domain';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { checkLedger } from '../../server/src/ledger/check';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { adjust } from '../../server/src/ledger/operator';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { hashPassword } from '../../server/src/security/password';
import { insertBenchProduct } from './bench-product';
import { machineLine } from './machine';
import { productionApiEnv } from './production-api';
import { createScratchDatabase, dropScratchDatabase, option, postgresServerUrl, withScratchDb } from './scratch-db';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '..', '..');
const PASSWORD = 'Bench12345';

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /**
   * CPU milliseconds a request cost the serving process, PostgreSQL's processes and this process, the
   * load generator (autocannon), which shares the machine's cores (not for pgbench).
   */
  cpu?: { server: number; postgres: number; client: number };
}

/** Linux's clock ticks a second, the unit of /proc/<pid>/stat's CPU times (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc (0 once it has gone). */
function cpuSecondsOf(pid: number): number {
  try {
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process's CPU seconds by pid: the server's backends, one per connection, do the work. */
function postgresCpuSeconds(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') byPid.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // gone while listing
    }
  }
  return byPid;
}

/**
 * What a run costs in CPU, the serving process's and PostgreSQL's, from this call to the call of the
 * function it returns. PostgreSQL's is the whole server's, so nothing else should use it meanwhile.
 */
function cpuMeter(serverPid: number): () => { server: number; postgres: number; client: number } {
  const server = cpuSecondsOf(serverPid);
  const postgres = postgresCpuSeconds();
  const client = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(client);
    let postgresUsed = 0;
    // Backends that started during the run count from zero; those that ended are lost (the pools keep theirs).
    for (const [pid, seconds] of postgresCpuSeconds()) postgresUsed += seconds - (postgres.get(pid) ?? 0);
    return { server: cpuSecondsOf(serverPid) - server, postgres: postgresUsed, client: (user + system) / 1e6 };
  };
}

/** Each member's first `perMember` purchases, `lanes` at a time, before the measured runs (step 2). */
async function buyHistory(base: string, tokens: string[], productId: number, perMember: number, lanes: number): Promise<void> {
  const total = tokens.length * perMember;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < total; i += lanes) {
        const res = await fetch(`${base}/api/orders/mine/order/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': tokens[i % tokens.length]! },
          body: new URLSearchParams({ agree: '1', productId: String(productId), quantity: '1', requestId: `history-${process.pid}-${i}` }).toString(),
        });
        const body = (await res.json()) as { code: number; msg: string };
        if (body.code !== 200) throw new Error(`history purchase ${i} failed: ${JSON.stringify(body)}`);
      }
    }),
  );
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); its log: ${logFile}\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within 120 s; log: ${logFile}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Loads one route with autocannon after a warm-up; `serverPid` is the process serving it, whose CPU is
 * measured. `watch`, if given, starts when the measured run starts and its returned function ends it.
 */
async function cannon(name: string, serverPid: number, options: autocannon.Options, watch?: () => () => void): Promise<Row> {
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, pools, caches
  const used = cpuMeter(serverPid);
  const stopWatching = watch?.();
  const result = await autocannon(options);
  stopWatching?.();
  const seconds = used();
  const perRequest = (s: number) => (1000 * s) / Math.max(1, result.requests.total);
  const cpu = { server: perRequest(seconds.server), postgres: perRequest(seconds.postgres), client: perRequest(seconds.client) };
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(
    `${name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result.requests.total} requests, ${errors} errors; ` +
      `CPU a request: server ${cpu.server.toFixed(3)} ms, PostgreSQL ${cpu.postgres.toFixed(3)} ms, load generator ${cpu.client.toFixed(3)} ms`,
  );
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, errors, cpu };
}

/**
 * pgbench's TPC-B database, scale `clients` (one branch row per client, so clients do not queue on one
 * row), made once; each run() loads it for `seconds` with `clients` clients.
 */
async function preparePgbench(serverUrl: string, clients: number): Promise<{ run(seconds: number, label: string): Promise<Row>; drop(): Promise<void> }> {
  const found = await run('sh', ['-c', 'command -v pgbench || true']);
  if (!found.stdout.trim()) throw new Error('pgbench not found: apt-get install postgresql-contrib (on Debian 12 it brings pgbench with postgresql-15)');
  const name = `rigshare_bench_pgbench_${process.pid}`;
  const url = await createScratchDatabase(serverUrl, name);
  await run('pgbench', ['-i', '-q', '-s', String(clients), url], { maxBuffer: 1 << 24 });
  const threads = String(Math.min(clients, os.cpus().length));
  return {
    async run(seconds, label) {
      const { stdout } = await run('pgbench', ['-c', String(clients), '-j', threads, '-T', String(seconds), '-r', url], { maxBuffer: 1 << 24 });
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
      const total = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
      const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
      if (!Number.isFinite(tps)) throw new Error(`no tps in pgbench output:\n${stdout}`);
      console.log(`pgbench TPC-B${label}: ${tps.toFixed(0)} tps, latency average ${latency} ms`);
      return { name: `pgbench TPC-B (scale ${clients}, average latency)${label}`, rps: tps, p50: latency, p99: NaN, requests: total, errors: failed };
    },
    drop: () => dropScratchDatabase(serverUrl, name),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** --only info|list|purchase: the one route to load, or undefined for all of them and the baselines. */
function onlyRoute(): 'info' | 'list' | 'purchase' | undefined {
  const i = process.argv.indexOf('--only');
  if (i < 0) return undefined;
  const route = process.argv[i + 1];
  if (route === 'info' || route === 'list' || route === 'purchase') return route;
  throw new Error(`--only takes info, list or purchase, got ${route ?? 'nothing'}`);
}

async function main(): Promise<void> {
  const members = option('members', 200);
  const duration = option('duration', 10);
  const connections = option('connections', 16);
  const historyOrders = option('history', 20);
  const apiPort = option('api-port', 3190);
  const helloPort = option('hello-port', 3191);
  const serverUrl = postgresServerUrl();
  const only = onlyRoute();
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-bench-api-'));

  console.log('building the production server (server/dist) ...');
  await run(process.execPath, [path.join(ROOT, 'server/scripts/build.mjs')], { cwd: ROOT });

  const rounds = only ? 1 : option('rounds', 3);
  const rows: Row[] = [];
  const ratios = { info: [] as number[], list: [] as number[], purchases: [] as number[] };
  const pgbench = only ? null : await preparePgbench(serverUrl, connections);
  try {
    await withScratchDb({ prefix: 'rigshare_bench_api', poolSize: 4 }, async (db, scratch) => {
      const k = db.kysely;
      const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${scratch}` }).toString();
      const apiLog = path.join(logDir, 'api.log');
      // --profile: a V8 CPU profile of the API process (written on exit) into the log folder.
      const profile = process.argv.includes('--profile') ? ['--cpu-prof', '--cpu-prof-dir', logDir] : [];
      const api = spawn(process.execPath, [...profile, path.join(ROOT, 'server/dist/main.js')], {
        cwd: ROOT,
        env: productionApiEnv(apiPort, { DATABASE_URL: dbUrl, DATA_DIR: logDir, REDIS_URL: '', LOG_LEVEL: process.env.LOG_LEVEL || 'info' }),
        stdio: ['ignore', fs.openSync(apiLog, 'w'), fs.openSync(apiLog, 'a')],
      });
      const hello = spawn(
        process.execPath,
        ['-e', `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' })); app.listen({ port: ${helloPort}, host: '127.0.0.1' });`],
        { cwd: ROOT, stdio: 'inherit' },
      );
      try {
        const base = `http://127.0.0.1:${apiPort}`;
        await waitForHealth(`${base}/health`, api, apiLog);

        // Members, money and a product, through the server's own code.
        const now = new Date();
        const iso = now.toISOString();
        const hash = await hashPassword(PASSWORD);
        const phones = Array.from({ length: members }, (_, i) => `7${String(i + 1).padStart(9, '0')}`);
        await k
          .insertInto('users')
          .values(phones.map((phone, i) => ({ phone: phoneLookupKey(phone, 'IN'), password_hash: hash, name: `bench ${i + 1}`, invite_code: `BENCH${i + 1}`, inviter_id: null, vip_level: 0, grade: 0, timezone_type: 0, created_at: iso })))
          .execute();
        for (const phone of phones) await adjust(db, { phone: phoneLookupKey(phone, 'IN'), amount: '10000', reason: 'Benchmark funds', direction: 'credit', at: now });
        const productId = await insertBenchProduct(k, now, { onSaleDays: 1, dayReturnMicro: '10000', validDays: 30, priceMicro: '1000000', unitsOffered: 100_000_000, sortOrder: 100 });
        const tokens: string[] = [];
        for (const phone of phones) {
          const res = await fetch(`${base}/api/user/auth/token/pass`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ phone, password: PASSWORD }).toString(),
          });
          const body = (await res.json()) as { code: number; msg: string };
          if (body.code !== 200) throw new Error(`login of ${phone} failed: ${JSON.stringify(body)}`);
          tokens.push(body.msg);
        }
        await buyHistory(base, tokens, productId, historyOrders, connections);
        await sql`VACUUM ANALYZE`.execute(k);
        console.log(`${members} members signed in, ${historyOrders} orders each; ${connections} connections, ${duration} s a route`);

        const helloUrl = `http://127.0.0.1:${helloPort}`;
        if (!only) await waitForHealth(`${helloUrl}/`, hello, apiLog);
        // Each route is measured next to its baseline, round after round, so a ratio compares two runs of
        // the same minute: this kind of VM's speed moves by a third from one minute to the next.
        const round = (r: number) => (rounds > 1 ? ` #${r}` : '');

        // One request a member, built once: the load generator does no work a request beyond sending it,
        // as for the hello-world (a setupRequest function cost it ~0.006 ms of CPU a request, on the same cores).
        const infoRequests = tokens.map((token): autocannon.Request => ({ method: 'GET', path: '/api/user/user/info', headers: { 'x-access-token': token } }));
        const listRequests: autocannon.Request[] = [{ method: 'GET', path: '/api/orders/product/list?pageNum=1&pageSize=10' }];
        if (!only || only !== 'purchase') {
          for (let r = 1; r <= rounds; r++) {
            const info = !only || only === 'info' ? await cannon(`GET /api/user/user/info (signed in)${round(r)}`, api.pid!, { url: base, connections, duration, requests: infoRequests }) : null;
            const list = !only || only === 'list' ? await cannon(`GET /api/orders/product/list${round(r)}`, api.pid!, { url: base, connections, duration, requests: listRequests }) : null;
            rows.push(...[info, list].filter((row) => row !== null));
            if (only) continue;
            const helloRow = await cannon(`Fastify hello-world (GET /)${round(r)}`, hello.pid!, { url: helloUrl, connections, duration });
            rows.push(helloRow);
            ratios.info.push(info!.rps / helloRow.rps);
            ratios.list.push(list!.rps / helloRow.rps);
          }
        }

        if (only && only !== 'purchase') return;
        const ordersBefore = Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        let turn = 0;
        let seq = 0;
        let ok = 0;
        const buy = (): autocannon.Request => ({
          method: 'POST',
          path: '/api/orders/mine/order/create',
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': tokens[turn++ % tokens.length] },
            body: `agree=1&productId=${productId}&quantity=1&requestId=bench-${process.pid}-${++seq}`,
          }),
          onResponse: (status) => {
            if (status === 200) ok++;
          },
        });
        // Where purchases wait: sample the API's database connections while they run (not during the
        // warm-ups, where most members make their first purchase, which takes the units apart), and what
        // the ones waiting for a lock are running.
        const samples = { n: 0, active: 0, lock: 0, waiting: new Map<string, number>() };
        const sample = () => {
          void sql<{ state: string | null; wait: string | null; query: string }>`SELECT state, wait_event_type AS wait, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) AS query
            FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`
            .execute(k)
            .then(({ rows: connections }) => {
              samples.n++;
              for (const c of connections) {
                if (c.state === 'active') samples.active++;
                if (c.wait !== 'Lock') continue;
                samples.lock++;
                samples.waiting.set(c.query, (samples.waiting.get(c.query) ?? 0) + 1);
              }
            });
        };
        const sampleWhileMeasured = () => {
          const sampler = setInterval(sample, 200);
          return () => clearInterval(sampler);
        };
        for (let r = 1; r <= rounds; r++) {
          const purchases = await cannon(`POST /api/orders/mine/order/create (purchase)${round(r)}`, api.pid!, { url: base, connections, duration, requests: [buy()] }, sampleWhileMeasured);
          rows.push(purchases);
          if (!pgbench) continue;
          const tpcb = await pgbench.run(duration, round(r));
          rows.push(tpcb);
          ratios.purchases.push(purchases.rps / tpcb.rps);
        }
        console.log(
          `during the purchases, of the API's database connections on average ${(samples.active / samples.n).toFixed(1)} ran a statement and ${(samples.lock / samples.n).toFixed(1)} waited for a lock, in:`,
        );
        for (const [query, n] of [...samples.waiting].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`  ${((100 * n) / samples.lock).toFixed(0)} %  ${query}`);
        const ordersAfter = Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
        // Requests still in flight when a run stops are answered unseen, so up to one per connection per run more.
        const made = ordersAfter - ordersBefore;
        if (made < ok || made > ok + 2 * connections * rounds) throw new Error(`${ok} purchases answered 200 but ${made} orders were made`);
        const problems = await checkLedger(k);
        if (problems.length > 0) throw new Error(`ledger broken after the purchases: ${problems.join('; ')}`);
        console.log(`${ok} purchases seen answered 200 (warm-ups included), ${made} orders made; ledger ok`);
      } finally {
        await Promise.all([stop(api), stop(hello)]);
      }
    });
  } finally {
    await pgbench?.drop();
  }

  console.log(`\nMachine: ${machineLine()}; ${connections} connections, ${duration} s each`);
  console.log('| Route | req/s | p50 ms | p99 ms | requests | errors | CPU ms a request: server / PostgreSQL / load generator |\n|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const cpu = r.cpu ? `${r.cpu.server.toFixed(3)} / ${r.cpu.postgres.toFixed(3)} / ${r.cpu.client.toFixed(3)}` : '–';
    console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${Number.isNaN(r.p99) ? '–' : r.p99} | ${r.requests} | ${r.errors} | ${cpu} |`);
  }
  const pct = (ratio: number) => `${(100 * ratio).toFixed(0)} %`;
  const summary = (values: number[]) => `${pct(median(values))}${values.length > 1 ? ` (median of ${values.map(pct).join(' / ')})` : ''}`;
  if (!only) {
    console.log(`\n/user/info vs hello-world: ${summary(ratios.info)} (goal >= 40 %)`);
    console.log(`product list vs hello-world: ${summary(ratios.list)} (goal >= 40 %)`);
    console.log(`purchases vs pgbench TPS:  ${summary(ratios.purchases)} (goal >= 50 %)`);
  }
  console.log(`server log${process.argv.includes('--profile') ? ' and CPU profile' : ''}: ${logDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
