import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { systemSchemas } from '@rigshare/api-schema';
import { IMAGE_UPLOAD_LIMIT_BYTES, SERVICE_HOSTS } from '@rigshare/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/connect';
import { OutboxEmailSender, SmtpEmailSender, type EmailSender } from './email/email-sender';
import { accountRoutes, registerAuth } from './features/accounts';
import { ProfileCache } from './caches/profile-cache';
import { CatalogueCache } from './caches/catalogue-cache';
import { SessionCache } from './caches/session-cache';
import { chainDepositRoutes } from './features/chain';
import { communityRoutes } from './features/community';
import { agreementPdfRoutes } from './features/agreement-pdf';
import { exchangeRoutes } from './features/exchange';
import { fileRoutes } from './features/files';
import { incomeRoutes } from './features/income';
import { registerLive } from './features/live';
import { homeContentRoutes, messageRoutes } from './features/messages';
import { orderRoutes, sellBackRoutes } from './features/orders';
import { productRoutes } from './features/products';
import { trackRecordRoutes } from './features/track-record';
import { healthRoutes, systemRoutes } from './features/system';
import { solvencyRoutes, startSolvencySnapshots } from './features/solvency';
import { staffRoutes } from './features/staff';
import { teamRoutes } from './features/team';
import { fundPasswordRoutes, walletFeatureRoutes } from './features/wallet';
import { createLeadership, type Leadership } from './jobs/leadership';
import { startJobs } from './jobs/scheduler';
import { AccessLogController } from './plugins/access-log';
import { registerCacheAnnouncements } from './plugins/cache-announcements';
import { registerContract, AJV_OPTIONS, typed } from './plugins/contract';
import { SCHEMA_CONTROLLER } from './plugins/schema-compilers';
import { named } from './plugins/plugin-name';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/error-handler';
import { registerRateLimits } from './plugins/rate-limit';
import { echoRequestId, requestIdOf } from './plugins/request-id';
import { registerMetrics } from './metrics';
import { businessGauges } from './features/monitoring';
import { startDeliverySweep } from './outbox/sweep';
import { MemoryCounters } from './security/counters';
import { createFileStorage, type FileStorage } from './storage/file-storage';
import { HttpSmsSender, OutboxSmsSender, type SmsSender } from './sms/sms-sender';
import type { Clock } from './clock';
import './types';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  clock?: Clock;
  smsSender?: SmsSender;
  emailSender?: EmailSender;
  storage?: FileStorage;
  logger?: FastifyServerOptions['logger'];
  /** Who runs the jobs in a fleet (main.ts shares it with the chain watcher); its own one when not given. */
  leadership?: Leadership;
}

/** The email channel configuration chooses (EMAIL_PROVIDER). */
function emailSenderFor({ db, config }: BuildAppOptions, clock: Clock, log: FastifyBaseLogger): EmailSender {
  return config.email.provider === 'smtp' ? new SmtpEmailSender(db.kysely, clock, config.email.smtp, log) : new OutboxEmailSender(db.kysely, clock, log, config.codeInLog);
}

/** A hop count trusts that many proxies in front of the server (Fastify's types take it as a function). */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  // TRUST_PROXY: behind a proxy, request.ip (and so every rate limit) is the member's address from X-Forwarded-For.
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new AccessLogController(),
    trustProxy: trustProxyOption(options.config.trustProxy),
    // X-Request-Id from nginx when it is a safe token (plugins/request-id.ts), echoed on every answer.
    requestIdHeader: false,
    genReqId: requestIdOf,
    ajv: AJV_OPTIONS,
    schemaController: SCHEMA_CONTROLLER,
    frameworkErrors,
    clientErrorHandler,
  });
  const clock = options.clock ?? (() => new Date());
  app.decorate('deps', {
    db: options.db,
    config: options.config,
    clock,
    sms:
      options.smsSender ??
      (options.config.sms.provider === 'http'
        ? new HttpSmsSender(options.db.kysely, clock, options.config.sms.http, app.log)
        : new OutboxSmsSender(options.db.kysely, clock, app.log, options.config.codeInLog)),
    email: options.emailSender ?? emailSenderFor(options, clock, app.log),
    storage: options.storage ?? createFileStorage(options.config.storage),
    // Replaced by Redis-backed counters in registerRateLimits when REDIS_URL is set.
    counters: new MemoryCounters(),
    sessionCache: new SessionCache(options.config.sessionCacheSeconds * 1000),
    profileCache: new ProfileCache(options.config.profileCacheSeconds * 1000),
    catalogueCache: new CatalogueCache(options.config.catalogueCacheSeconds * 1000),
    log: app.log,
  });

  echoRequestId(app);
  // Before the features that report to it (the live channel, the jobs, the senders' outcomes).
  registerMetrics(app);
  businessGauges(app.metrics.registry, app.deps);
  registerErrorHandling(app);
  await registerContract(app);
  await app.register(cors, {
    origin: options.config.corsOrigins,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Language', 'X-Access-Token', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(formbody);
  // The route answers a localized 413 when a file passes this limit.
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_LIMIT_BYTES, files: 1, fields: 10 } });
  await registerRateLimits(app);
  registerAuth(app);
  await registerCacheAnnouncements(app);
  // The live channel, GET /api/live (docs/architecture.md, "Live channel").
  await registerLive(app);

  await app.register(
    named(async (user) => {
      await user.register(named(accountRoutes));
      await user.register(named(fileRoutes));
      await user.register(named(systemRoutes));
      await user.register(named(homeContentRoutes));
      await user.register(named(fundPasswordRoutes));
      await user.register(named(teamRoutes));
      await user.register(named(sellBackRoutes));
    }, 'user'),
    { prefix: '/api/user' },
  );
  await app.register(
    named(async (orders) => {
      await orders.register(named(productRoutes));
      await orders.register(named(orderRoutes));
      await orders.register(named(trackRecordRoutes));
      await orders.register(named(agreementPdfRoutes));
    }, 'orders'),
    { prefix: '/api/orders' },
  );
  await app.register(named(incomeRoutes), { prefix: '/api/receive' });
  await app.register(named(messageRoutes), { prefix: '/api/push' });
  await app.register(named(communityRoutes), { prefix: '/api/comment' });
  await app.register(
    named(async (assets) => {
      await assets.register(named(walletFeatureRoutes));
      await assets.register(named(chainDepositRoutes));
      await assets.register(named(exchangeRoutes));
      await assets.register(named(solvencyRoutes));
    }, 'assets'),
    { prefix: '/api/assets' },
  );

  // The staff console's API: its own sessions (TOTP), one role guard for every route (features/staff).
  app.decorate('adminRouteTable', []);
  await app.register(named(staffRoutes), { prefix: '/admin' });

  if (options.config.jobsIntervalMs > 0) {
    let stop: (() => void) | null = null;
    const leadership = options.leadership ?? createLeadership(options.db, app.log);
    app.addHook('onReady', async () => {
      stop = startJobs(options.db, clock, options.config.jobsIntervalMs, app.log, leadership, app.metrics.jobs);
    });
    app.addHook('onClose', async () => {
      stop?.();
      if (!options.leadership) await leadership.stop();
    });
  }

  // Texts and emails are delivered in the background (outbox/delivery.ts): the close waits for those in
  // flight; with the jobs on, every instance takes up what a stopped process left undelivered.
  const deliverers = [app.deps.sms, app.deps.email];
  if (options.config.jobsIntervalMs > 0) {
    let stop: (() => void) | null = null;
    app.addHook('onReady', async () => {
      stop = startDeliverySweep(deliverers, app.log, undefined, app.metrics.jobs);
    });
    app.addHook('onClose', async () => stop?.());
  }
  app.addHook('onClose', async () => {
    await Promise.all(deliverers.map((sender) => sender.idle?.()));
  });

  if (options.config.solvency.intervalMs > 0 && options.config.jobsIntervalMs > 0) {
    let stop: (() => void) | null = null;
    app.addHook('onReady', async () => {
      stop = startSolvencySnapshots(options.db, options.config, clock, app.log, app.metrics.jobs);
    });
    app.addHook('onClose', async () => stop?.());
  }

  // Alive, database and Redis status for load balancers and operators (503 when the database is down).
  await app.register(named(healthRoutes));

  // The other hosts exist so the browser's base URLs resolve; their features come later.
  for (const host of SERVICE_HOSTS) {
    typed(app).get(`/api/${host}/health`, { schema: systemSchemas.health }, async () => ({ code: 200 as const, msg: 'ok', data: { host } }));
  }
  return app;
}
