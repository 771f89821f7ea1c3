import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { LEADERSHIP_LOCK } from '../src/jobs/leadership';
import { closedPort } from './captured-log';
import { runAdmin } from './helpers';
import { serverBuild } from './server-build';

/**
 * A fleet: two real API processes on one PostgreSQL database, jobs every INTERVAL_MS. One of them leads
 * (a session-level advisory lock) and runs each interval's jobs; the job_runs table gets one accrual
 * run per interval, not two. The leader is killed with SIGKILL (no shutdown, no unlock): PostgreSQL
 * drops its session and the lock with it, and the other process leads from its next tick.
 */
jest.setTimeout(180_000);

const serverUrl = process.env.DATABASE_URL;
const SERVER_DIR = path.resolve(__dirname, '..');
const INTERVAL_MS = 2000;

interface Instance {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<unknown>;
}

/** One API process (the build's main.js under plain node), so SIGKILL kills the one holding the lock. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await closedPort(); // free until this instance listens on it
  const child = spawn(process.execPath, [serverBuild('main')], {
    cwd: SERVER_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', JOBS_INTERVAL_MS: String(INTERVAL_MS), LOG_LEVEL: 'info', REDIS_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 90_000;
  while (!out.includes('Rigshare API listening')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`API did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, output: () => out, exited };
}

const leads = (instance: Instance) => instance.output().includes('this instance') && instance.output().includes('leads: it runs the jobs');

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

const describeOnPostgres = serverUrl ? describe : describe.skip;
if (!serverUrl) {
  console.log('fleet-leadership.test.ts skipped: the fleet needs PostgreSQL (set DATABASE_URL=postgres://...); SQLite runs one process');
}

describeOnPostgres('a fleet of two API processes on PostgreSQL', () => {
  const dbName = `rigshare_fleet_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let dataDir: string;
  let admin: Client;
  let databaseUrl: string;
  const instances: Instance[] = [];

  const accrualRuns = async (): Promise<number> =>
    (await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM job_runs WHERE job = 'accrual'")).rows[0].n;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rigshare-fleet-test-'));
    const server = new Client({ connectionString: serverUrl });
    await server.connect();
    await server.query(`CREATE DATABASE ${dbName}`);
    await server.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    // The first process migrates and seeds; the second starts on the ready database, as a rolling start does.
    instances.push(await startInstance(databaseUrl));
    instances.push(await startInstance(databaseUrl));
    admin = new Client({ connectionString: databaseUrl });
    await admin.connect();
  });

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    await admin?.end();
    const server = new Client({ connectionString: serverUrl });
    await server.connect();
    await server.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await server.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs each interval once, on one leader, and the other takes over within one interval of a kill -9', async () => {
    await until('a leader', () => instances.some(leads), 3 * INTERVAL_MS + 5000);
    // Both tried; one leads, the other said it waits.
    await until('the follower trying', () => instances.every((i) => leads(i) || i.output().includes('another instance leads')), 3 * INTERVAL_MS + 5000);
    expect(instances.filter(leads)).toHaveLength(1);
    const [leader, follower] = leads(instances[0]) ? instances : [instances[1], instances[0]];

    // PostgreSQL's view: both sessions exist, one advisory lock with our key, held by one of them.
    const holders = await admin.query<{ pid: number; application_name: string }>(
      `SELECT a.pid, a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = $2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      LEADERSHIP_LOCK,
    );
    expect(holders.rows).toHaveLength(1);
    expect(holders.rows[0].application_name).toBe('rigshare-leadership');
    const sessions = await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'rigshare-leadership'");
    expect(sessions.rows[0].n).toBe(2);

    // Over a window of several intervals with both processes ticking, one accrual run per interval:
    // two runners would record about twice as many.
    const windowMs = 5 * INTERVAL_MS;
    const before = await accrualRuns();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const during = (await accrualRuns()) - before;
    expect(during).toBeGreaterThanOrEqual(1);
    expect(during).toBeLessThanOrEqual(windowMs / INTERVAL_MS + 1);
    // Only the leader ran jobs; the follower never took the lead.
    expect(follower.output()).not.toContain('leads: it runs the jobs');

    // kill -9: no shutdown hook, no unlock. PostgreSQL ends the dead session and releases the lock.
    const killedAt = Date.now();
    leader.child.kill('SIGKILL');
    await leader.exited;
    const takeoverMs = await until('the takeover', () => leads(follower), INTERVAL_MS + 3000);
    const runsAtTakeover = await accrualRuns();
    await until('a run by the new leader', async () => (await accrualRuns()) > runsAtTakeover, INTERVAL_MS + 5000);
    console.log(`fleet: leader killed with SIGKILL; the other instance led after ${takeoverMs} ms and recorded its first accrual run ${Date.now() - killedAt} ms after the kill (job interval ${INTERVAL_MS} ms)`);
    // Within one interval (plus the time to notice it in the log under load).
    expect(takeoverMs).toBeLessThanOrEqual(INTERVAL_MS + 1000);

    // The survivor answers /ready with the job lag read from the database.
    const ready = await fetch(`http://127.0.0.1:${follower.port}/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { data: { jobs: { status: string } } }).data.jobs.status).toBe('ok');

    expect(await runAdmin(dataDir, ['ledger:check'], { DATABASE_URL: databaseUrl })).toEqual({ code: 0, out: 'ledger ok\n' });
  });
});
