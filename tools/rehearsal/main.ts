/**
 * `npm run rehearsal -- [--short] [--no-build] [--members N] [--duration 6m] [--history H] [--live C] [--scale X] [--grace S] [--verbose]`
 *
 * A production rehearsal (issue 57, part 2; docs/operations.md "Rehearsal"): the fleet (nginx, two compiled
 * API instances, Redis of its own) on a PostgreSQL cluster of the rehearsal's own (initdb in a temp folder,
 * removed at the end), N seeded members with history driven through a member-day mix with autocannon, live
 * channels and a finance staff member approving withdrawals, while faults are injected on a schedule (kill -9
 * of an instance, Redis stopped for 30 s, PostgreSQL restarted, nginx reloaded). Reports per step and per fault,
 * then checks the ledger, that every acknowledged purchase and withdrawal is in the database exactly once and
 * no member was charged twice, and the instances' memory. Exits non-zero when a check fails or errors appear
 * outside the fault windows (--short: only 5xx and socket errors count there; latency goals are reported).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { machineLine } from '../bench/machine';
import { ensureDatabase, startFleet, startOwnPostgres, staffTotpKey, type Fleet, type OwnPostgres } from '../src/fleet';
import { ROOT, serverBuild } from '../src/topology';
import { loginStorm, memberDay, openLiveChannels, startMemberDay, startStaff, type Acknowledged } from './load';
import { Recorder, strayErrors, summarize, type StepRow } from './record';
import { seed, PIN, type Member } from './seed';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "90", "90s", "6m", "1h" -> seconds. */
function seconds(flag: string, value: string): number {
  const m = /^(\d+)(s|m|h)?$/.exec(value.trim());
  if (!m) throw new Error(`--${flag}: a duration like 90s, 6m or 1h, got ${value}`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 's' | 'm' | 'h'];
}

function count(flag: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ''));
  if (!Number.isFinite(n) || n < min) throw new Error(`--${flag}: a number of at least ${min}, got ${value}`);
  return n;
}

const residentMiB = (pid: number | undefined): number => {
  try {
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
};

interface Fault {
  /** Fraction of the member day at which it starts. */
  at: number;
  name: string;
  run(fleet: Fleet, postgres: OwnPostgres): Promise<void>;
}

/** The faults, in order. Instance 2 is the one killed, so instance 1's memory runs the whole day. */
const FAULTS: Fault[] = [
  {
    at: 0.15,
    name: 'kill -9 API instance 2, restart it',
    async run(fleet) {
      await fleet.killApi(1, 'SIGKILL');
      await sleep(2000); // a supervisor's restart delay
      await fleet.startApi(1);
    },
  },
  {
    at: 0.35,
    name: "stop the fleet's Redis for 30 s",
    async run(fleet) {
      await fleet.stopRedis();
      await sleep(30_000);
      await fleet.startRedis();
    },
  },
  {
    at: 0.6,
    name: "restart the rehearsal's PostgreSQL (pg_ctl restart -m fast)",
    async run(_fleet, postgres) {
      postgres.restart();
    },
  },
  {
    at: 0.8,
    name: 'reload nginx (SIGHUP)',
    async run(fleet) {
      fleet.reloadNginx();
      await sleep(1000);
    },
  },
];

async function acknowledgedChecks(databaseUrl: string, acked: Acknowledged): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    for (const [table, kind, map] of [
      ['orders', 'purchase', acked.purchases],
      ['withdrawals', 'withdrawal', acked.withdrawals],
    ] as const) {
      const keys = [...map].flatMap(([member, ids]) => [...ids].map((id) => `${member}:${id}`));
      const { rows } = await client.query<{ key: string; n: string }>(
        `SELECT user_id || ':' || request_id AS key, count(*) AS n FROM ${table} WHERE user_id || ':' || request_id = ANY($1::text[]) GROUP BY 1`,
        [keys],
      );
      const found = new Map(rows.map((r) => [r.key, Number(r.n)]));
      const missing = keys.filter((k) => !found.has(k));
      const doubled = [...found].filter(([, n]) => n !== 1);
      console.log(`acknowledged ${kind}s: ${keys.length}, in the database: ${found.size}, missing: ${missing.length}, more than once: ${doubled.length}`);
      if (missing.length > 0) problems.push(`${missing.length} acknowledged ${kind}s missing (e.g. ${missing.slice(0, 3).join(', ')})`);
      if (doubled.length > 0) problems.push(`${doubled.length} ${kind}s recorded more than once`);
    }
    // Charged twice: a member's purchase (withdrawal) transfers out of their own accounts outnumber their orders (withdrawals).
    for (const [table, type] of [
      ['orders', 'Buy Machine'],
      ['withdrawals', 'Withdrawal'],
    ] as const) {
      const { rows } = await client.query<{ id: number }>(
        `SELECT u.id FROM users u WHERE (SELECT count(*) FROM ${table} x WHERE x.user_id = u.id) <>
           (SELECT count(*) FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id WHERE a.owner_user_id = u.id AND t.type = $1)`,
        [type],
      );
      console.log(`members whose '${type}' transfers differ from their ${table}: ${rows.length}`);
      if (rows.length > 0) problems.push(`${rows.length} members charged other than once a ${table === 'orders' ? 'purchase' : 'withdrawal'} (e.g. ${rows.slice(0, 3).map((r) => r.id).join(', ')})`);
    }
  } finally {
    await client.end();
  }
  return problems;
}

/** Sends each purchase and withdrawal that got no 200 once more with the same requestId, as the app retries. */
async function retryUnsure(base: string, acked: Acknowledged, productId: number): Promise<{ retried: number; ok: number }> {
  let ok = 0;
  for (const { kind, member, requestId } of acked.unsure) {
    const [url, body] =
      kind === 'purchase'
        ? ['/api/orders/mine/order/create', { agree: '1', productId: String(productId), quantity: '1', requestId }]
        : ['/api/assets/user/withdraw', { channel: 'USDT', amount: '2', payPassword: PIN, requestId }];
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-access-token': member.token },
      body: new URLSearchParams(body).toString(),
    }).catch(() => null);
    if (res?.status !== 200) continue;
    ok++;
    const map = kind === 'purchase' ? acked.purchases : acked.withdrawals;
    if (!map.has(member.id)) map.set(member.id, new Set());
    map.get(member.id)!.add(requestId);
  }
  return { retried: acked.unsure.length, ok };
}

const ms = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(0));
const statuses = (byStatus: Record<string, number>) =>
  Object.entries(byStatus)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ') || '0';

function printSteps(rows: StepRow[]): void {
  console.log('\n| Step | kind | requests outside | p50 | p95 | p99 ms | errors outside | requests inside | p95 inside | errors inside (by status) |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const o = r.outside;
    const i = r.inside;
    console.log(`| ${r.step} | ${r.kind} | ${o.requests} | ${ms(o.p50)} | ${ms(o.p95)} | ${ms(o.p99)} | ${o.errors ? statuses(o.byStatus) : 0} | ${i.requests} | ${ms(i.p95)} | ${i.errors ? statuses(i.byStatus) : 0} |`);
  }
}

async function main(): Promise<void> {
  const { values: flags } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      members: { type: 'string' },
      duration: { type: 'string' },
      history: { type: 'string' },
      live: { type: 'string' },
      scale: { type: 'string' },
      grace: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const short = flags.short;
  const members = count('members', flags.members, short ? 60 : 400);
  const daySeconds = flags.duration ? seconds('duration', flags.duration) : short ? 120 : 360;
  const history = count('history', flags.history, short ? 2 : 3, 0);
  const liveChannels = count('live', flags.live, short ? 50 : 300, 0);
  const scale = count('scale', flags.scale, short ? 0.5 : 1, 0.01);
  const graceMs = 1000 * count('grace', flags.grace, short ? 10 : 5, 0);
  const faults = short ? FAULTS.slice(0, 1).map((f) => ({ ...f, at: 0.4 })) : FAULTS;

  console.log(`machine: ${machineLine()}`);
  console.log(
    `rehearsal: ${members} members, ${history} purchases of history each, a ${daySeconds} s member day at scale ${scale}, ${liveChannels} live channels, ${faults.length} fault(s), grace ${graceMs / 1000} s${short ? ' (--short)' : ''}`,
  );
  if (!flags['no-build']) execFileSync('npx', ['nx', 'run-many', '-t', 'build'], { cwd: ROOT, stdio: 'inherit' });
  serverBuild('main');

  const base = Number(process.env.REHEARSAL_PORT_BASE || 18_000);
  const ports = { nginx: base + 80, apis: [base + 111, base + 112] as [number, number], metrics: [base + 1111, base + 1112] as [number, number], redis: base + 380, postgres: base + 432 };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-rehearsal-'));
  let postgres: OwnPostgres | null = null;
  let fleet: Fleet | null = null;
  let live: ReturnType<typeof openLiveChannels> | null = null;
  const cleanup = async () => {
    live?.close();
    await fleet?.close().catch((error) => console.error(`closing the fleet: ${(error as Error).message}`));
    try {
      postgres?.stop();
    } catch (error) {
      console.error(`stopping PostgreSQL: ${(error as Error).message}`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanup().then(() => process.exit(143)));

  const problems: string[] = [];
  try {
    const started = Date.now();
    postgres = startOwnPostgres(ports.postgres);
    const databaseUrl = postgres.serverUrl.replace(/\/postgres$/, '/rigshare_rehearsal');
    ensureDatabase(databaseUrl);
    const totpKey = staffTotpKey(dataDir, {});
    fleet = await startFleet({
      port: ports.nginx,
      apiPorts: ports.apis,
      databaseUrl,
      redisPort: ports.redis,
      dataDir,
      metricsPorts: ports.metrics,
      stdio: flags.verbose ? 'inherit' : 'ignore',
      // nginx says why it closed each client connection: what to read when a load generator's socket is reset.
      nginxErrorLog: 'info',
      // autocannon, not a browser, is the client here: when nginx closes a kept-alive connection after its
      // 1 000th request, autocannon's next requests on it are reported about 1 s late and now and then
      // reset, though nginx answered them in milliseconds (docs/performance.md, "Rehearsal"). Members'
      // browsers reconnect at once and never carry that many requests, so the rehearsal lets a
      // connection carry the whole day.
      keepaliveRequests: 1_000_000,
      apiEnv: {
        SEED: 'reference',
        STAFF_TOTP_KEY: totpKey,
        JOBS_INTERVAL_MS: '15000',
        LOG_LEVEL: 'warn',
        // Every member comments a few times an hour in a long run; the default (30) is for people, not for the rehearsal's few hundred.
        COMMUNITY_COMMENTS_PER_HOUR: '100000',
      },
    });
    const baseUrl = fleet.url.replace('localhost', '127.0.0.1');
    console.log(`fleet up in ${((Date.now() - started) / 1000).toFixed(0)} s at ${baseUrl} (PostgreSQL of its own on ${ports.postgres}, Redis on ${ports.redis})`);

    const seedStart = Date.now();
    const seeded = await seed({ databaseUrl, baseUrl, members, history, totpKey });
    console.log(`seeded ${members} members (10,000 USDT, fund password, address, ${history} purchases each) in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`);

    const recorder = new Recorder();
    const acked: Acknowledged = { purchases: new Map(), withdrawals: new Map(), unsure: [] };
    const stormStart = Date.now();
    await loginStorm(baseUrl, recorder, seeded.members, 8);
    console.log(`morning login storm: ${members} logins in ${((Date.now() - stormStart) / 1000).toFixed(1)} s`);

    const pids = fleet.apis.map((api) => api.pid);
    const rssStart = pids.map(residentMiB);
    const rssSeries: Array<{ at: number; mib: number[] }> = [];
    live = openLiveChannels(baseUrl, recorder, seeded.members as Member[], liveChannels);
    const staff = startStaff(baseUrl, recorder, seeded.staffSecret, 3000);
    const dayStart = Date.now();
    const day = startMemberDay(baseUrl, recorder, seeded.members, memberDay(seeded, scale), daySeconds, acked);
    const sampler = setInterval(() => rssSeries.push({ at: Date.now() - dayStart, mib: fleet!.apis.map((api) => residentMiB(api.pid)) }), 10_000);
    const schedule = (async () => {
      for (const fault of faults) {
        const wait = dayStart + fault.at * daySeconds * 1000 - Date.now();
        if (wait > 0) await sleep(wait);
        console.log(`fault at ${((Date.now() - dayStart) / 1000).toFixed(0)} s: ${fault.name}`);
        const end = recorder.fault(fault.name);
        await fault.run(fleet!, postgres!);
        const window = end();
        console.log(`  over after ${((window.end - window.start) / 1000).toFixed(1)} s`);
      }
    })();
    const progress = setInterval(() => console.log(`  ${((Date.now() - dayStart) / 1000).toFixed(0)} s: ${recorder.samples.length} answers, ${live!.ready()} live channels ready`), 30_000);
    await Promise.all([day.done, schedule]);
    clearInterval(progress);
    clearInterval(sampler);
    const liveReady = live.ready();
    await staff.stop();
    live.close();
    const rssEnd = fleet.apis.map((api) => residentMiB(api.pid));
    console.log(`member day over: ${recorder.samples.length} answers in ${((Date.now() - dayStart) / 1000).toFixed(0)} s; ${liveReady} of ${liveChannels} live channels ready at the end`);

    const { retried, ok } = await retryUnsure(baseUrl, acked, seeded.productId);
    console.log(`retried ${retried} purchases/withdrawals that got no 200 with their requestId: ${ok} answered 200`);

    // Report.
    const { steps, faults: faultRows } = summarize(recorder, graceMs);
    const machineAfter = machineLine();
    console.log(`\nmachine after the day: ${machineAfter}`);
    printSteps(steps);
    console.log('\n| Fault | lasted | errors in its window (+grace) | first to last error | start to last error | by step and status |\n|---|---|---|---|---|---|');
    for (const f of faultRows)
      console.log(
        `| ${f.name} | ${((f.end - f.start) / 1000).toFixed(1)} s | ${f.errors} | ${(f.errorWindowMs / 1000).toFixed(1)} s | ${(f.lastErrorAfterMs / 1000).toFixed(1)} s | ${statuses(f.byStatus)} |`,
      );

    const strays = strayErrors(recorder, graceMs);
    if (strays.length > 0) {
      console.log('\nErrors outside the fault windows (time into the day; the fault that ended before):');
      for (const e of strays.slice(0, 50))
        console.log(`  ${((e.at - dayStart) / 1000).toFixed(1)} s  ${e.step}  ${e.what}${e.afterFault ? `  (${(e.afterFault.ms / 1000).toFixed(1)} s after "${e.afterFault.name}" ended)` : ''}`);
    }
    const outsideErrors = steps.reduce((n, r) => n + r.outside.errors, 0);
    const outsideHard = steps.reduce((n, r) => n + Object.entries(r.outside.byStatus).filter(([s]) => s.startsWith('5') || s.startsWith('socket')).reduce((a, [, c]) => a + c, 0), 0);
    const worst = (kind: string) => Math.max(...steps.filter((r) => r.kind === kind && r.outside.requests > 0).map((r) => r.outside.p95));
    const readP95 = worst('read');
    const moneyP95 = worst('money');
    const longestFault = Math.max(0, ...faultRows.map((f) => f.errorWindowMs));
    console.log('\nGoals (outside fault windows):');
    console.log(`  reads p95 < 300 ms:        worst ${ms(readP95)} ms ${readP95 < 300 ? 'met' : 'NOT met'}`);
    console.log(`  money writes p95 < 800 ms: worst ${ms(moneyP95)} ms ${moneyP95 < 800 ? 'met' : 'NOT met'}`);
    console.log(`  0 errors outside faults:   ${outsideErrors} (${outsideHard} 5xx or socket errors) ${outsideErrors === 0 ? 'met' : 'NOT met'}`);
    console.log(`  each fault's errors < 10 s: longest ${(longestFault / 1000).toFixed(1)} s ${longestFault < 10_000 ? 'met' : 'NOT met'}`);

    // Checks.
    console.log('\nChecks:');
    try {
      const out = execFileSync(process.execPath, [serverBuild('admin'), 'ledger:check'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_TOTP_KEY: totpKey } });
      console.log(`ledger:check: ${out.trim()}`);
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      problems.push(`ledger:check failed: ${`${e.stdout ?? ''}${e.stderr ?? ''}`.trim().slice(0, 2000)}`);
    }
    problems.push(...(await acknowledgedChecks(databaseUrl, acked)));
    for (const [i, pid] of pids.entries()) {
      const restarted = fleet.apis[i]!.pid !== pid;
      const growth = (100 * (rssEnd[i]! - rssStart[i]!)) / rssStart[i]!;
      console.log(
        `RSS of API instance ${i + 1}: ${rssStart[i]!.toFixed(0)} MiB at the start of the day, ${rssEnd[i]!.toFixed(0)} MiB at the end` +
          (restarted ? ' (restarted by the kill -9: not comparable)' : ` (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %; soak goal < 10 %${daySeconds < 1800 ? ', measured over less than 30 min' : ''})`),
      );
    }
    for (const i of pids.keys()) if (rssSeries.length > 0) console.log(`RSS every 10 s (MiB, instance ${i + 1}): ${rssSeries.map((s) => s.mib[i]!.toFixed(0)).join(' ')}`);
    if (short ? outsideHard > 0 : outsideErrors > 0) problems.push(`${short ? outsideHard : outsideErrors} errors outside the fault windows`);
    // The report and nginx's logs (each request's time, status, instance and request id) outlive the fleet's folder.
    const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-rehearsal-report-'));
    for (const log of ['access.log', 'error.log']) if (fs.existsSync(path.join(fleet.runDir, log))) fs.copyFileSync(path.join(fleet.runDir, log), path.join(reportDir, `nginx-${log}`));
    const reportFile = path.join(reportDir, 'report.json');
    fs.writeFileSync(reportFile, JSON.stringify({ machine: machineAfter, members, daySeconds, scale, liveChannels, steps, faults: faultRows, strayErrors: strays.map((e) => ({ ...e, at: e.at - dayStart })), rssStart, rssEnd, rssSeries, problems }, null, 2));
    console.log(`report as JSON: ${reportFile} (nginx's logs beside it)`);
  } finally {
    await cleanup();
  }
  if (problems.length > 0) {
    console.error(`\nrehearsal FAILED:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('\nrehearsal passed');
  process.exit(0);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
