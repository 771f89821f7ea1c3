import type { LocaleTag } from '@rigshare/domain';
import type { FastifyBaseLogger, preHandlerHookHandler } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/connect';
import type { EmailSender } from './email/email-sender';
import type { ProfileCache } from './caches/profile-cache';
import type { CatalogueCache } from './caches/catalogue-cache';
import type { SessionCache } from './caches/session-cache';
import type { Counters } from './security/counters';
import type { SmsSender } from './sms/sms-sender';
import type { FileStorage } from './storage/file-storage';

/** What every feature needs, given once to buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  clock: Clock;
  sms: SmsSender;
  /** Emails (codes to bind an address): kept in email_outbox, sent by SMTP when configured (email/email-sender.ts). */
  email: EmailSender;
  /** Uploaded files' bytes: the data folder or an S3-compatible bucket (storage/file-storage.ts). */
  storage: FileStorage;
  /** The SMS budget's counts: in Redis when REDIS_URL is set (plugins/rate-limit.ts). Guesses at secrets are counted in the database (security/guess-limits.ts). */
  counters: Counters;
  /** Members' live sessions, kept a few seconds for reads (caches/session-cache.ts). */
  sessionCache: SessionCache;
  /** What /user/info shows of each member, kept until a write changes it (caches/profile-cache.ts). */
  profileCache: ProfileCache;
  /** The public product list and detail, kept until a catalogue change is recorded (caches/catalogue-cache.ts). */
  catalogueCache: CatalogueCache;
  /** The operator's log (the server's logger). */
  log: FastifyBaseLogger;
}

export interface AuthenticatedMember {
  id: number;
  tokenHash: string;
  /** Staff froze the member: they may read but not buy, withdraw or post. */
  frozen: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** preHandler for routes that need a logged-in member. */
    authenticate: preHandlerHookHandler;
    /** preHandler after `authenticate` on what a frozen member may not do (buy, withdraw, post): 403. */
    refuseFrozen: preHandlerHookHandler;
    limits: {
      codePerIp: (request: FastifyRequest) => Promise<void>;
      accountCheck: (request: FastifyRequest) => Promise<void>;
    };
    /** Rate-limit counters: 'off' (no REDIS_URL, per process), 'up' (shared in Redis), 'down' (per process until Redis is back). */
    redisState: () => 'off' | 'up' | 'down';
  }
  interface FastifyRequest {
    locale: LocaleTag;
    member: AuthenticatedMember | null;
  }
}
