import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { approveWithdrawal } from '../src/features/wallet/withdrawals/staff';
import { platformBalances } from '../src/ledger/accounts';
import { jobRecorder } from '../src/metrics/jobs';
import { createMetrics } from '../src/metrics/registry';
import { asMember, lastSmsCode, MANY_MEMBERS, post, signedInMember, solveCaptcha, startApp, testDatabases, type TestContext, type TestMember } from './helpers';

const HOUR = 3_600_000;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const TX = '0x' + 'cd'.repeat(32);

type Series = { value: number; labels: Record<string, string | number>; metricName?: string };

/** One series' value as `registry` reports it now (collect() run), or undefined when there is none; a histogram's as `<name>_count`. */
async function seriesValue(registry: Registry, name: string, labels: Record<string, string>): Promise<number | undefined> {
  const series = (await registry.getMetricsAsJSON()).flatMap((m) => (m.values as Series[]).map((v) => ({ ...v, metricName: v.metricName ?? m.name })));
  return series.find((s) => s.metricName === name && Object.entries(labels).every(([key, value]) => String(s.labels[key]) === value))?.value;
}

const valueOf = (app: FastifyInstance, name: string, labels: Record<string, string> = {}) => seriesValue(app.metrics.registry, name, labels);

describe.each(testDatabases())('metrics on %s', (name, database) => {
  let ctx: TestContext;
  let logText = '';
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logText += chunk.toString();
        done();
      },
    });
    ctx = await startApp(database, { ...MANY_MEMBERS, metricsPort: 0, metricsHost: '127.0.0.1' }, { logger: { level: 'info', stream } });
  });
  afterAll(() => ctx?.close());
  /** Past the gauges' few seconds of cache (they read with the app's clock). */
  const freshScrape = () => ctx.advance(10_000);

  it('counts a request under its route pattern and status, never its URL; what no route matched is "unmatched"', async () => {
    const before = (await valueOf(ctx.app, 'rigshare_http_requests_total', { method: 'GET', route: '/health', status: '200' })) ?? 0;
    expect((await ctx.app.inject({ method: 'GET', url: '/health?x=1' })).statusCode).toBe(200);
    expect(await valueOf(ctx.app, 'rigshare_http_requests_total', { method: 'GET', route: '/health', status: '200' })).toBe(before + 1);
    await ctx.app.inject({ method: 'GET', url: '/api/user/files/987654' });
    await ctx.app.inject({ method: 'GET', url: '/api/no/such/route' });
    const routes = ((await ctx.app.metrics.registry.getMetricsAsJSON()).find((m) => m.name === 'rigshare_http_requests_total')!.values).map((v) => String(v.labels.route));
    expect(routes).toContain('/api/user/files/:id');
    expect(routes).toContain('unmatched');
    expect(routes.some((route) => /987654|such|\?/.test(route))).toBe(false);
    expect(await valueOf(ctx.app, 'rigshare_http_request_duration_seconds_count', { route: '/health', status: '200' })).toBeGreaterThanOrEqual(1);
  });

  it('serves /metrics on the metrics port only, never on the public API port', async () => {
    const port = ctx.app.metrics.port();
    expect(port).toEqual(expect.any(Number));
    const scrape = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();
    for (const metric of ['rigshare_http_requests_total', 'rigshare_process_resident_memory_bytes', 'rigshare_revenue_pool_balance_usdt', 'rigshare_db_pool_waiting', 'rigshare_live_connections']) {
      expect(text).toContain(metric);
    }
    expect((await fetch(`http://127.0.0.1:${port}/anything-else`)).status).toBe(404);

    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${address}/metrics`)).status).toBe(404);
    expect((await fetch(`${address}/health`)).status).toBe(200);
  });

  it('reports the revenue pool as the ledger holds it, and 36500 days covered while no order earns', async () => {
    freshScrape();
    const { 'platform.revenue_pool': pool } = await platformBalances(ctx.db.kysely, ['platform.revenue_pool']);
    expect(pool).toBeGreaterThan(0n);
    expect(await valueOf(ctx.app, 'rigshare_revenue_pool_balance_usdt')).toBe(Number(pool) / 1e6);
    expect(await valueOf(ctx.app, 'rigshare_revenue_pool_days_covered')).toBe(36_500);
    expect(await valueOf(ctx.app, 'rigshare_budget_balance_usdt', { budget: 'rewards' })).toEqual(expect.any(Number));
    expect(await valueOf(ctx.app, 'rigshare_budget_days_left', { budget: 'promotions' })).toEqual(expect.any(Number));
  });

  it('exports the database pool gauges (connections and, on PostgreSQL, queries waiting)', async () => {
    expect(await valueOf(ctx.app, 'rigshare_db_pool_waiting')).toBe(0);
    const total = await valueOf(ctx.app, 'rigshare_db_pool_connections', { state: 'total' });
    expect(total).toBeGreaterThanOrEqual(1);
    const idle = await valueOf(ctx.app, 'rigshare_db_pool_connections', { state: 'idle' });
    expect(await valueOf(ctx.app, 'rigshare_db_pool_connections', { state: 'busy' })).toBe(total! - idle!);
    if (name === 'postgres') expect(ctx.db.pool).toBeDefined();
  });

  it('counts a withdrawal waiting, how long the oldest has waited, and one waiting for its second approval', async () => {
    const m = await readyMember('50');
    // The texts that set the member up went out through the outbox.
    expect(await valueOf(ctx.app, 'rigshare_sms_sent_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(2);
    freshScrape();
    expect(await valueOf(ctx.app, 'rigshare_withdrawals_waiting')).toBe(0);
    expect(await valueOf(ctx.app, 'rigshare_withdrawal_oldest_wait_seconds')).toBe(0);
    const asked = await post(ctx.app, '/api/assets/user/withdraw', { channel: 'USDT', payPassword: '123456', requestId: `metrics-wd-${process.pid}`, amount: '10' }, asMember(m.token));
    expect(asked.json()).toMatchObject({ code: 200 });
    ctx.advance(90_000);
    expect(await valueOf(ctx.app, 'rigshare_withdrawals_waiting')).toBe(1);
    expect(await valueOf(ctx.app, 'rigshare_withdrawal_oldest_wait_seconds')).toBeGreaterThanOrEqual(90);
    expect(await valueOf(ctx.app, 'rigshare_withdrawal_promised_seconds')).toBe(72 * 3600);
    expect(await valueOf(ctx.app, 'rigshare_first_approvals_waiting')).toBe(0);

    const w = await ctx.db.kysely.selectFrom('withdrawals').select('id').where('user_id', '=', m.id).executeTakeFirstOrThrow();
    await approveWithdrawal(ctx.db, { id: w.id, txHash: TX, at: ctx.clock(), by: 'first-approver', fourEyesThreshold: 1n });
    freshScrape();
    expect(await valueOf(ctx.app, 'rigshare_first_approvals_waiting')).toBe(1);
    expect(await valueOf(ctx.app, 'rigshare_withdrawals_waiting')).toBe(1);
  });

  it("takes the request id from a safe X-Request-Id (nginx's $request_id), echoes it and logs it; replaces a malformed one", async () => {
    const id = '0123456789abcdef0123456789abcdef';
    const answer = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': id } });
    expect(answer.headers['x-request-id']).toBe(id);
    const logged = logText.split('\n').filter((line) => line.includes('request completed') && line.includes(id));
    expect(logged.length).toBe(1);
    expect(JSON.parse(logged[0]).reqId).toBe(id);

    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'inject"}\n{"forged":1']) {
      const replaced = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).not.toBe(bad);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts a live channel refused for its origin', async () => {
    const before = (await valueOf(ctx.app, 'rigshare_live_refusals_total', { reason: 'origin' })) ?? 0;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/live', headers: { origin: 'https://elsewhere.example' } })).statusCode).toBe(403);
    expect(await valueOf(ctx.app, 'rigshare_live_refusals_total', { reason: 'origin' })).toBe(before + 1);
    expect(await valueOf(ctx.app, 'rigshare_live_connections', { kind: 'member' })).toBe(0);
  });

  /** A member with `balance`, a USDT address and fund password 123456, past the hold. */
  async function readyMember(balance: string): Promise<TestMember> {
    const m = await signedInMember(ctx, balance);
    const postAs = (url: string, fields: Record<string, string>) => post(ctx.app, url, fields, asMember(m.token));
    expect((await postAs('/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    expect((await postAs('/api/user/auth/paypwd-code', await solveCaptcha(ctx))).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    expect((await postAs('/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' })).json().code).toBe(200);
    ctx.advance(24 * HOUR + 60_000);
    return m;
  }
});

describe('job metrics', () => {
  it('times and counts each run, and reports the lag past the interval since the last success', async () => {
    let now = 1_000_000;
    const set = createMetrics();
    const jobs = jobRecorder(set.registry, set.jobs, () => now);
    const value = (name: string, labels: Record<string, string>) => seriesValue(set.registry, name, labels);
    jobs.every('accrual', 60_000);
    now += 30_000;
    expect(await value('rigshare_job_lag_seconds', { job: 'accrual' })).toBe(0);
    expect(await jobs.run('accrual', async () => 'done')).toBe('done');
    expect(await value('rigshare_job_runs_total', { job: 'accrual', outcome: 'ok' })).toBe(1);
    expect(await value('rigshare_job_last_success_timestamp_seconds', { job: 'accrual' })).toBe(now / 1000);
    await expect(jobs.run('accrual', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await value('rigshare_job_runs_total', { job: 'accrual', outcome: 'failed' })).toBe(1);
    expect(await value('rigshare_job_duration_seconds_count', { job: 'accrual' })).toBe(2);
    now += 60_000 + 45_000;
    expect(await value('rigshare_job_lag_seconds', { job: 'accrual' })).toBe(45);
    // Another instance leads now: no series here, so its growing lag alerts no one.
    jobs.standDown('accrual');
    expect(await value('rigshare_job_lag_seconds', { job: 'accrual' })).toBeUndefined();
    expect(await value('rigshare_job_last_success_timestamp_seconds', { job: 'accrual' })).toBeUndefined();
  });

  it('gives every app a registry of its own', () => {
    expect(createMetrics().registry).not.toBe(createMetrics().registry);
    expect(createMetrics().registry).toBeInstanceOf(Registry);
  });
});
