import { systemSchemas, type Health, type Readiness, type ReadyCheck } from '@rigshare/api-schema';
import type { Envelope } from '@rigshare/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { translate } from '../../i18n';
import { chainOffReason } from '../chain';

const DATABASE_CHECK_MS = 2000;
/** The SMS gateway counts as down when the last texts it finished, this many, all failed. */
export const SMS_FAILED_IN_A_ROW = 3;

/**
 * GET /health (alive) and GET /ready (should this instance get members' traffic?) for load balancers
 * and operators.
 *
 * /health: 200 while this process can serve members (its database answers); 503 when it cannot.
 * /ready: 503 when the database does not answer, when the jobs (accrual, settlement) have not run for
 * longer than READY_JOB_LAG_MS, or when the chain watcher has not finished a pass for longer than
 * READY_CHAIN_LAG_MS. Both lags are read from the database (job_runs, chain_cursors), so every instance
 * of a fleet answers the same whichever one runs the jobs. Redis down is reported but stays 200 in
 * both: the API still serves, with per-process rate limits, and taking every instance out because the
 * shared Redis is down would turn a degradation into an outage. The same holds for the SMS gateway:
 * /ready says "down" when its last SMS_FAILED_IN_A_ROW texts failed (nobody gets a code: an operator must
 * act), "off" when no text is meant to leave (SMS_PROVIDER=outbox), and stays 200 for it.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.db.kysely;
  const { config, clock } = app.deps;
  const startedAt = clock().getTime();

  const databaseState = () =>
    Promise.race([
      sql`select 1`.execute(db).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), DATABASE_CHECK_MS).unref()),
    ]);

  /** How long since `last` (or since this process started, when nothing ran yet), against `limitMs`. */
  const lagCheck = (last: string | null | undefined, limitMs: number): ReadyCheck => {
    const since = last ? new Date(last).getTime() : startedAt;
    const lagMs = Math.max(0, clock().getTime() - since);
    return { status: lagMs > limitMs ? 'late' : 'ok', lagMs, limitMs };
  };

  const jobsCheck = async (): Promise<ReadyCheck> => {
    const last = await db
      .selectFrom('job_runs')
      .select((eb) => eb.fn.max('as_of').as('as_of'))
      .where('job', '=', 'accrual')
      .executeTakeFirst();
    // No in-process jobs and none ever ran: this deployment runs no jobs (yet); nothing to be late.
    if (config.jobsIntervalMs === 0 && !last?.as_of) return { status: 'off' };
    return lagCheck(last?.as_of, config.readyJobLagMs);
  };

  const chainCheck = async (): Promise<ReadyCheck> => {
    if (chainOffReason(config.chain)) return { status: 'off' };
    const cursor = await db.selectFrom('chain_cursors').select((eb) => eb.fn.max('updated_at').as('updated_at')).executeTakeFirst();
    return lagCheck(cursor?.updated_at, config.readyChainLagMs);
  };

  const smsCheck = async (): Promise<ReadyCheck> => {
    if (config.sms.provider !== 'http') return { status: 'off' };
    const last = await db
      .selectFrom('sms_outbox')
      .select('status')
      .where('status', 'in', ['sent', 'failed'])
      .orderBy('id', 'desc')
      .limit(SMS_FAILED_IN_A_ROW)
      .execute();
    return { status: last.length === SMS_FAILED_IN_A_ROW && last.every((text) => text.status === 'failed') ? 'down' : 'ok' };
  };

  app.get('/health', { schema: systemSchemas.processHealth }, async (request, reply) => {
    const database = await databaseState();
    const health: Health = { alive: true, database, redis: app.redisState() };
    const status = database === 'up' ? 200 : 503;
    const body: Envelope<Health> = { code: status, msg: translate(request.locale, status === 200 ? 'ok' : 'serviceUnavailable'), data: health };
    return reply.status(status).send(body);
  });

  app.get('/ready', { schema: systemSchemas.ready }, async (request, reply) => {
    const database = await databaseState();
    const down: ReadyCheck = { status: 'down' };
    const [jobs, chainWatcher, sms] =
      database === 'up' ? await Promise.all([jobsCheck(), chainCheck(), smsCheck()]).catch(() => [down, down, down]) : [down, down, down];
    const redisState = app.redisState();
    const readiness: Readiness = {
      ready: false,
      database: { status: database === 'up' ? 'ok' : 'down' },
      redis: { status: redisState === 'up' ? 'ok' : redisState },
      jobs,
      chainWatcher,
      sms,
    };
    readiness.ready = database === 'up' && jobs.status !== 'late' && jobs.status !== 'down' && chainWatcher.status !== 'late' && chainWatcher.status !== 'down';
    const status = readiness.ready ? 200 : 503;
    const body: Envelope<Readiness> = { code: status, msg: translate(request.locale, status === 200 ? 'ok' : 'serviceUnavailable'), data: readiness };
    return reply.status(status).send(body);
  });
}
