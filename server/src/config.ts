import { DEFAULT_PHONE_REGION, parseAmount, PHONE_COUNTRIES } from '@rigshare/domain';
import path from 'node:path';
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import type { StorageConfig } from './storage/file-storage';

/**
 * log2 of scrypt's N for new password hashes: 2^14 (16 MiB, tens of milliseconds a hash). The least
 * NODE_ENV=production accepts; test suites set PASSWORD_HASH_COST lower (security/password.ts).
 */
export const PASSWORD_HASH_COST = 14;

/** SMS_PROVIDER=http: a generic HTTP SMS gateway. */
export interface HttpSmsConfig {
  /** SMS_HTTP_URL: where each text is POSTed. */
  url: string;
  /** SMS_HTTP_BODY: the request body, with {phone}, {body} and {purpose} replaced (JSON-escaped when the body is JSON). */
  bodyTemplate: string;
  /** SMS_HTTP_HEADERS: JSON object of extra headers (Authorization, ...). */
  headers: Record<string, string>;
  /** SMS_HTTP_RETRIES: tries after the first, on a network error, a timeout, 429 or 5xx. */
  retries: number;
  /** SMS_HTTP_TIMEOUT_MS per try. */
  timeoutMs: number;
  /** SMS_HTTP_ID_FIELD: the field of the gateway's JSON answer holding its message id. */
  idField: string;
}

/** EMAIL_PROVIDER=smtp: the mail server and the sender's address. */
export interface SmtpEmailConfig {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465. */
  url: string;
  /** EMAIL_FROM: the From header, e.g. "Rigshare <no-reply@example.com>". */
  from: string;
  /** SMTP_TIMEOUT_MS: for connecting, for the server's greeting and for each reply. */
  timeoutMs: number;
  /** SMTP_RETRIES: tries after the first when the server cannot be reached or refuses for the moment. */
  retries: number;
}

/** Everything the server reads from the environment, checked once at start. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise SQLite under dataDir. */
  databaseUrl: string | null;
  /** DB_POOL_SIZE (default 10): PostgreSQL connections one API process keeps. */
  dbPoolSize: number;
  dataDir: string;
  corsOrigins: string[];
  redisUrl: string | null;
  /** REDIS_PREFIX (default "rigshare:"): the start of every shared counter's key, for a Redis several deployments share. */
  redisPrefix: string;
  operatorName: string;
  shareBaseUrl: string;
  serviceLink: string;
  androidDownloadUrl: string;
  /** PHONE_DEFAULT_COUNTRY (ISO code, default IN): the country of a phone number sent without one. */
  phoneDefaultRegion: string;
  sessionTtlHours: number;
  /** SESSION_CACHE_SECONDS (default 5; 0 = off): how long reads may use a session looked up before. */
  sessionCacheSeconds: number;
  /** PROFILE_CACHE_SECONDS (default 60; 0 = off): how long /user/info may answer from what this instance read, unless a write through the API changed it. */
  profileCacheSeconds: number;
  /** CATALOGUE_CACHE_SECONDS (default 30; 0 = off): how long the product list and detail may answer from what this instance read, unless a catalogue change was recorded since. */
  catalogueCacheSeconds: number;
  /** Customer links shown by GET link/get, from LINKS as JSON [{name,url}]. */
  links: { name: string; url: string }[];
  /** Public base URL of this server, used for absolute file URLs; derived from the request when empty. */
  publicUrl: string;
  rateLimits: RateLimits;
  /** coupon/isOpen; COUPONS_OPEN=0 turns coupons off. */
  couponsOpen: boolean;
  /** How often the API runs the accrual and settlement jobs in-process; 0 = never (tests, or a separate worker). */
  jobsIntervalMs: number;
  /** Withdrawals wait this long after a security change (WITHDRAW_HOLD_HOURS, default 24). */
  withdrawHoldHours: number;
  /** WITHDRAW_PROMISED_HOURS (default 72, SPEC's bank arrival time): how long staff may take; exported so an alert compares. */
  withdrawPromisedHours: number;
  /** METRICS_PORT: the Prometheus listener's port (GET /metrics), never the API's; null (unset) = no listener. */
  metricsPort: number | null;
  /** METRICS_HOST (default 127.0.0.1): the address the metrics listener binds. */
  metricsHost: string;
  /** USDT (BEP20) deposits by chain watcher; see docs/chain-deposits.md. */
  chain: ChainConfig;
  /** The development SMS and email outboxes put the code in their log lines; never with NODE_ENV=production. */
  codeInLog: boolean;
  /** Community posts and comments a member may send per rolling hour (COMMUNITY_POSTS_PER_HOUR, COMMUNITY_COMMENTS_PER_HOUR). */
  community: { postsPerHour: number; commentsPerHour: number };
  /** The join-group link (TEAM_GROUP_URL) and the video sites a share link may point to (VIDEO_SITES). */
  team: { groupUrl: string; videoSites: string[] };
  /** NODE_ENV=production. */
  production: boolean;
  /** SEED: what an empty database gets at start: 'demo' (default) or 'reference' (default in production). */
  seed: 'demo' | 'reference';
  /**
   * TRUST_PROXY: Fastify's trustProxy. false (default): the connection's address is the member's; true: the
   * left-most X-Forwarded-For; a number: that many proxy hops; addresses/CIDRs: only those proxies.
   */
  trustProxy: boolean | number | string;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** /ready answers 503 when the last finished job run is older than this (READY_JOB_LAG_MS; default 3 intervals). */
  readyJobLagMs: number;
  /** /ready answers 503 when the chain watcher has not finished a pass for this long (READY_CHAIN_LAG_MS). */
  readyChainLagMs: number;
  /** RATE_MAX_AGE_HOURS (default 24): an exchange rate older than this stops cash recharges in its currency. */
  rateMaxAgeMs: number;
  /** SMS_PROVIDER: 'outbox' (default: kept in sms_outbox and logged) or 'http' (a generic HTTP gateway, SMS_HTTP_*). */
  sms: { provider: 'outbox' } | { provider: 'http'; http: HttpSmsConfig };
  /** EMAIL_PROVIDER: 'outbox' (default: kept in email_outbox and logged) or 'smtp' (SMTP_URL, EMAIL_FROM). */
  email: { provider: 'outbox' } | { provider: 'smtp'; smtp: SmtpEmailConfig };
  /** The public solvency page (docs/solvency.md): reserve addresses, their explorer links, the snapshot interval. */
  solvency: SolvencyConfig;
  /** The staff console (issue #12, docs/staff.md). */
  staff: {
    /** FOUR_EYES_THRESHOLD_USDT (default 1000): a withdrawal above it needs two different staff approvals. */
    fourEyesThreshold: bigint;
    /** STAFF_IDLE_MINUTES (default 30): a staff session ends after this long without a request. */
    idleMinutes: number;
    /** STAFF_TOTP_KEY: encrypts staff TOTP secrets at rest (AES-256-GCM); unset (development only) stores them unencrypted. */
    totpKey: string | null;
  };
  /** Uploaded files: DATA_DIR/files by default, an S3-compatible bucket when S3_BUCKET is set (storage/file-storage.ts). */
  storage: StorageConfig;
  /** The live channel, GET /api/live (docs/architecture.md, "Live channel"). */
  live: {
    /** LIVE_CONNECTIONS_PER_MEMBER (default 5): open channels one member may hold on one instance; the next is closed with 4429. */
    connectionsPerMember: number;
    /** LIVE_RETENTION_HOURS (default 24): how long events are kept for clients that resume; older `since` gets resync. */
    retentionHours: number;
    /** LIVE_PING_MS (default 25000): how often the server pings each channel; a peer that misses two is dropped. */
    pingMs: number;
    /** LIVE_POLL_MS (default 1000): how often an instance reads new events that no request of its own nor Redis announced (jobs, the command line). */
    pollMs: number;
  };
}

export interface ChainConfig {
  /** JSON-RPC endpoint of BNB Smart Chain (CHAIN_RPC_URL); empty = watcher off. */
  rpcUrl: string;
  /** Account-level extended public key (DEPOSIT_XPUB, m/44'/60'/0'/0); empty = watcher off. Never a private key. */
  depositXpub: string;
  /** USDT_TOKEN_ADDRESS, default BSC USDT. */
  tokenAddress: string;
  /** USDT_DECIMALS (default 18), checked against the contract's decimals() at watcher start. */
  decimals: number;
  /** DEPOSIT_CONFIRMATIONS (default 20): confirmations = head - block + 1. */
  confirmations: number;
  /** USDT_DEPOSIT_MIN in micro-USDT (the variable is decimal USDT, default "10"). */
  minimum: bigint;
  /** CHAIN_POLL_MS (default 3000). */
  pollMs: number;
  /** CHAIN_SCAN_BLOCKS: most blocks per getLogs request (default 500). */
  scanBlocks: number;
  /** CHAIN_START_BLOCK; null = the head when the watcher first runs. */
  startBlock: number | null;
}

export interface SolvencyConfig {
  /** SOLVENCY_ADDRESSES: the operator's published reserve addresses (token balances read at each snapshot). */
  addresses: string[];
  /** EXPLORER_ADDRESS_URL: an address's block explorer page, `{address}` replaced. */
  explorerAddressUrl: string;
  /** SOLVENCY_INTERVAL_MINUTES (default 60): how often the API takes a snapshot; 0 = never (CLI only). */
  intervalMs: number;
}

export interface RateLimits {
  /** Failed logins (only failures count) of one phone from one address per window. */
  loginPerIpPhone: { max: number; windowMs: number };
  /** Failed logins from one address, whatever the phone, per window. */
  loginFailuresPerIp: { max: number; windowMs: number };
  /**
   * Failed logins of one phone from anywhere: after `freeFailures`, each try waits baseDelayMs, doubling
   * per failure up to maxDelayMs after the last failure (a delay, never a lockout); a right password
   * resets it, and it is forgotten `forgetMs` after the last failure.
   */
  loginPerAccount: { freeFailures: number; baseDelayMs: number; maxDelayMs: number; forgetMs: number };
  /** Wrong fund passwords in a row before it locks for lockMs (FUND_PASSWORD_LOCK_MINUTES); forgotten forgetMs after the last. */
  fundPassword: { maxFailures: number; lockMs: number; forgetMs: number };
  codePerIp: { max: number; windowMs: number };
  codePerPhoneMs: number;
  /**
   * SMS codes sent per clock hour: in all (SMS_HOURLY_BUDGET) and to phones sharing their first
   * `prefixDigits` digits (SMS_PREFIX_DIGITS, SMS_PREFIX_HOURLY).
   */
  smsPerHour: { budget: number; prefixDigits: number; perPrefix: number };
  accountCheckPerIp: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIpPhone: { max: 10, windowMs: 15 * 60_000 },
  loginFailuresPerIp: { max: 20, windowMs: 15 * 60_000 },
  loginPerAccount: { freeFailures: 5, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000, forgetMs: 24 * 3_600_000 },
  fundPassword: { maxFailures: 5, lockMs: 30 * 60_000, forgetMs: 24 * 3_600_000 },
  codePerIp: { max: 10, windowMs: 60 * 60_000 },
  codePerPhoneMs: 60_000,
  smsPerHour: { budget: 500, prefixDigits: 7, perPrefix: 20 },
  accountCheckPerIp: { max: 30, windowMs: 60_000 },
};

/** The monorepo root: server/src/config.ts -> ../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3005; port++) {
    origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  }
  return origins;
}

/** BEP20 USDT (Binance-Peg BSC-USD) on BNB Smart Chain. */
export const BSC_USDT_ADDRESS = '0x55d398326f99059fF775485246999027B3197955';

const int = (min: number, max: number, description: string, fallback?: number) =>
  Type.Optional(Type.Integer({ minimum: min, maximum: max, description, ...(fallback === undefined ? {} : { default: fallback }) }));
const text = (description: string, options: { pattern?: string; format?: string; minLength?: number } = {}) => Type.Optional(Type.String({ description, ...options }));
const URL_PATTERN = '^[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s]+$';

/**
 * THE schema of the server's environment: every variable it reads, its type and range. loadConfig checks
 * the whole environment against it at once and names every wrong or missing setting in one error.
 * Values are strings in the environment; integers are converted before the check, and an empty value
 * counts as unset. docs/configuration.md lists them.
 */
export const EnvSchema = Type.Object({
  NODE_ENV: text('"production" for a real deployment'),
  PORT: int(1, 65535, 'HTTP port', 3100),
  HOST: text('Address to listen on (default 127.0.0.1)'),
  DATABASE_URL: text('PostgreSQL; SQLite under DATA_DIR when unset', { pattern: '^postgres(ql)?://' }),
  DATA_DIR: text('SQLite file and uploads (default <repo>/data)'),
  CORS_ORIGINS: text('Comma-separated browser origins allowed to call the API (required in production)', { pattern: '^\\s*https?://[^,\\s]+(\\s*,\\s*https?://[^,\\s]+)*\\s*$' }),
  REDIS_URL: text('Shared counters; per-process when unset', { pattern: '^rediss?://' }),
  REDIS_PREFIX: text('Start of every Redis key'),
  OPERATOR_NAME: text('The operator named in the app and agreements'),
  SHARE_BASE_URL: text('Invite link base, the code appended (required in production)', { pattern: URL_PATTERN }),
  SERVICE_LINK: text('Customer service link', { pattern: URL_PATTERN }),
  PHONE_DEFAULT_COUNTRY: Type.Optional(Type.Union(PHONE_COUNTRIES.map((c) => Type.Literal(c.region)), { description: 'The country (ISO code, default IN) of a phone number sent without one; migration 0050 gives it to numbers stored without one' })),
  ANDROID_DOWNLOAD_URL: text('Android app download', { pattern: URL_PATTERN }),
  PUBLIC_URL: text('Public base URL of this server', { pattern: URL_PATTERN }),
  SESSION_TTL_HOURS: int(1, 24 * 365, 'Session lifetime', 720),
  LINKS: text('Customer links, JSON [{"name","url"}]'),
  COUPONS_OPEN: text('0 or false turns coupons off', { pattern: '^(0|1|true|false)$' }),
  JOBS_INTERVAL_MS: int(0, 24 * 3_600_000, 'In-process job interval; 0 = never', 60_000),
  WITHDRAW_HOLD_HOURS: int(0, 24 * 30, 'Withdrawal hold after a security change', 24),
  COMMUNITY_POSTS_PER_HOUR: int(0, 10_000, 'Community posts a member may send per rolling hour', 5),
  TEAM_GROUP_URL: text('The group members join for the join-group reward', { pattern: URL_PATTERN }),
  VIDEO_SITES: text('Comma-separated host names a video-share link may point to (subdomains included)'),
  COMMUNITY_COMMENTS_PER_HOUR: int(0, 100_000, 'Community comments a member may send per rolling hour', 30),
  FUND_PASSWORD_LOCK_MINUTES: int(1, 7 * 24 * 60, 'Fund password lock', DEFAULT_RATE_LIMITS.fundPassword.lockMs / 60_000),
  SMS_HOURLY_BUDGET: int(0, 10_000_000, 'SMS codes per clock hour', DEFAULT_RATE_LIMITS.smsPerHour.budget),
  SMS_PREFIX_DIGITS: int(1, 15, 'Digits of a phone prefix', DEFAULT_RATE_LIMITS.smsPerHour.prefixDigits),
  SMS_PREFIX_HOURLY: int(0, 10_000_000, 'SMS codes per prefix per hour', DEFAULT_RATE_LIMITS.smsPerHour.perPrefix),
  CHAIN_RPC_URL: text('BNB Smart Chain JSON-RPC; watcher off when unset', { pattern: URL_PATTERN }),
  // Never echoed in an error: it might be a private key pasted by mistake.
  DEPOSIT_XPUB: text('Account-level extended PUBLIC key ("xpub..."); never a private key', { pattern: '^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$' }),
  USDT_TOKEN_ADDRESS: text('Token contract, a 0x address', { pattern: '^0x[0-9a-fA-F]{40}$' }),
  USDT_DECIMALS: int(0, 36, 'Token decimals', 18),
  DEPOSIT_CONFIRMATIONS: int(1, 10_000, 'Confirmations', 20),
  USDT_DEPOSIT_MIN: text('Smallest credited deposit, decimal USDT', { pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$' }),
  CHAIN_POLL_MS: int(100, 3_600_000, 'Watcher poll interval', 3000),
  CHAIN_SCAN_BLOCKS: int(1, 100_000, 'Most blocks per getLogs request', 500),
  CHAIN_START_BLOCK: int(0, Number.MAX_SAFE_INTEGER, 'First block to scan'),
  SOLVENCY_ADDRESSES: text('Comma-separated reserve addresses shown on the solvency page', { pattern: '^\\s*0x[0-9a-fA-F]{40}(\\s*,\\s*0x[0-9a-fA-F]{40})*\\s*$' }),
  EXPLORER_ADDRESS_URL: text('Block explorer page of an address, with {address}', { pattern: '^https?://[^\\s]*\\{address\\}[^\\s]*$' }),
  SOLVENCY_INTERVAL_MINUTES: int(0, 24 * 60, 'Solvency snapshot interval; 0 = only by command', 60),
  SEED: Type.Optional(Type.Union([Type.Literal('demo'), Type.Literal('reference')], { description: '"demo" or "reference": what an empty database gets' })),
  TRUST_PROXY: text('false, true, a hop count, or comma-separated proxy addresses/CIDRs', { pattern: '^(true|false|[0-9]{1,2}|[0-9a-fA-F:.]+(/[0-9]{1,3})?(\\s*,\\s*[0-9a-fA-F:.]+(/[0-9]{1,3})?)*)$' }),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000, 'Grace for requests in flight on SIGTERM', 10_000),
  LIVE_CONNECTIONS_PER_MEMBER: int(1, 100, 'Live channels one member may hold on one instance', 5),
  LIVE_RETENTION_HOURS: int(1, 24 * 30, 'Hours events are kept for live clients that resume', 24),
  LIVE_PING_MS: int(1_000, 300_000, 'How often the server pings each live channel', 25_000),
  LIVE_POLL_MS: int(50, 60_000, 'How often an instance reads events committed outside its requests', 1_000),
  READY_JOB_LAG_MS: int(1000, 7 * 24 * 3_600_000, '/ready: oldest acceptable last job run'),
  SMS_PROVIDER: Type.Optional(
    Type.Union([Type.Literal('outbox'), Type.Literal('http')], {
      description: '"http" (a real gateway, SMS_HTTP_*) or "outbox" (no text leaves: codes stay in sms_outbox; the development default)',
    }),
  ),
  SMS_HTTP_URL: text('The HTTP SMS gateway (required with SMS_PROVIDER=http)', { pattern: URL_PATTERN }),
  SMS_HTTP_BODY: text('Request body template with {phone}, {body}, {purpose}; JSON when it starts with {, else form-encoded'),
  SMS_HTTP_HEADERS: text('JSON object of extra request headers (e.g. Authorization)'),
  SMS_HTTP_RETRIES: int(0, 10, 'Tries after the first on network errors, timeouts, 429 and 5xx', 3),
  SMS_HTTP_TIMEOUT_MS: int(100, 60_000, 'Timeout of one try', 10_000),
  SMS_HTTP_ID_FIELD: text("Field of the gateway's JSON answer with its message id (default id)"),
  EMAIL_PROVIDER: Type.Optional(Type.Union([Type.Literal('outbox'), Type.Literal('smtp')], { description: '"outbox" (default) or "smtp"' })),
  SMTP_URL: text('The mail server, smtp://user:password@host:587 or smtps://...:465 (required with EMAIL_PROVIDER=smtp)', { pattern: '^smtps?://[^\\s]+$' }),
  EMAIL_FROM: text('The From of every email, e.g. "Rigshare <no-reply@example.com>" (required with EMAIL_PROVIDER=smtp)'),
  SMTP_TIMEOUT_MS: int(100, 120_000, 'Timeout for connecting to the mail server and for each of its replies', 10_000),
  SMTP_RETRIES: int(0, 10, 'Tries after the first when the mail server cannot be reached or refuses for the moment (4xx); not after a timeout', 2),
  READY_CHAIN_LAG_MS: int(1000, 24 * 3_600_000, '/ready: oldest acceptable chain watcher pass'),
  DB_POOL_SIZE: int(1, 500, 'PostgreSQL connections one API process keeps', 10),
  METRICS_PORT: int(0, 65535, 'Port of the Prometheus listener (GET /metrics); unset = none'),
  METRICS_HOST: text('Address the metrics listener binds (default 127.0.0.1)'),
  WITHDRAW_PROMISED_HOURS: int(1, 24 * 30, 'How long withdrawals may wait for staff, as promised to members', 72),
  SESSION_CACHE_SECONDS: int(0, 60, 'How long reads may use a session looked up before; 0 = off', 5),
  PROFILE_CACHE_SECONDS: int(0, 3600, 'How long /user/info may answer from a profile read before (API writes drop it at once); 0 = off', 60),
  CATALOGUE_CACHE_SECONDS: int(0, 3600, 'How long the product list and detail may answer from a read before (recorded catalogue changes drop it at once); 0 = off', 30),
  RATE_MAX_AGE_HOURS: int(1, 24 * 30, 'An exchange rate older than this many hours stops cash recharges in its currency', 24),
  FOUR_EYES_THRESHOLD_USDT: text('A withdrawal above this amount (decimal USDT) needs two different staff approvals', { pattern: '^[0-9]{1,12}(\\.[0-9]{1,6})?$' }),
  STAFF_IDLE_MINUTES: int(1, 24 * 60, 'A staff session ends after this many minutes without a request', 30),
  STAFF_TOTP_KEY: text('At least 32 characters: encrypts staff TOTP secrets at rest (required in production)', { minLength: 32 }),
  PASSWORD_HASH_COST: int(10, 20, "log2 of scrypt's N for new password and fund-password hashes; below 14 for test suites only, refused with NODE_ENV=production", PASSWORD_HASH_COST),
  S3_BUCKET: text('Uploaded files go to this S3-compatible bucket; DATA_DIR/files when unset'),
  S3_ENDPOINT: text('The S3-compatible store (MinIO, ...); AWS when unset', { pattern: URL_PATTERN }),
  S3_REGION: text('Region of the bucket (default us-east-1)'),
  S3_ACCESS_KEY_ID: text('Access key; the SDK default credential chain when unset'),
  S3_SECRET_ACCESS_KEY: text('Secret key (with S3_ACCESS_KEY_ID)'),
  S3_FORCE_PATH_STYLE: text('true for stores addressed as endpoint/bucket (MinIO); default true when S3_ENDPOINT is set', { pattern: '^(0|1|true|false)$' }),
});
type Env = Static<typeof EnvSchema>;

/**
 * NODE_ENV=production requires these: the development default (localhost) is wrong for real members;
 * without STAFF_TOTP_KEY the staff's second-factor secrets would sit unencrypted in the database; and
 * without SMS_PROVIDER no text would leave (the development outbox keeps codes in the database and, in
 * production, out of the log), so nobody could register while nothing said why: a deployment names its
 * gateway (http), or says `outbox` to send no texts on purpose.
 */
export const PRODUCTION_REQUIRED = ['CORS_ORIGINS', 'SHARE_BASE_URL', 'STAFF_TOTP_KEY', 'SMS_PROVIDER'] as const;

/** Never echoed in an error: credentials, or a private key pasted by mistake. */
const SECRET = new Set(['STAFF_TOTP_KEY', 'DATABASE_URL', 'REDIS_URL', 'DEPOSIT_XPUB', 'SMS_HTTP_HEADERS', 'SMS_HTTP_URL', 'SMTP_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);

const Headers = Type.Record(Type.String(), Type.String());
const Links = Type.Array(Type.Object({ name: Type.String(), url: Type.String() }));

/** Every wrong or missing setting, one line each; empty when the environment is fine. */
export function configProblems(env: NodeJS.ProcessEnv): string[] {
  return checkEnv(env).problems;
}

function checkEnv(env: NodeJS.ProcessEnv): { values: Env; problems: string[] } {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const values = Value.Convert(EnvSchema, Value.Default(EnvSchema, raw)) as Env;
  const byName = new Map<string, string>();
  // Property by property: Value.Errors on the whole object stops after the first few failures.
  for (const [name, property] of Object.entries(EnvSchema.properties) as [string, TSchema & { description?: string }][]) {
    const value = (values as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const [error] = Value.Errors(property, value);
    if (!error) continue;
    const shown = SECRET.has(name) ? '' : ` (got "${raw[name]}")`;
    byName.set(name, `${name}: ${error.message}${shown}; expected ${property.description ?? 'a valid value'}`);
  }
  if (values.NODE_ENV === 'production') {
    for (const name of PRODUCTION_REQUIRED) {
      if (raw[name] === undefined) byName.set(name, `${name}: missing; required with NODE_ENV=production (${(EnvSchema.properties[name] as { description?: string }).description})`);
    }
    if (values.PASSWORD_HASH_COST! < PASSWORD_HASH_COST && !byName.has('PASSWORD_HASH_COST')) {
      byName.set('PASSWORD_HASH_COST', `PASSWORD_HASH_COST: ${values.PASSWORD_HASH_COST} is for test suites; NODE_ENV=production hashes at ${PASSWORD_HASH_COST} or more`);
    }
  }
  if (values.LINKS !== undefined && !byName.has('LINKS')) {
    let links: unknown;
    try {
      links = JSON.parse(values.LINKS);
    } catch {
      links = undefined;
    }
    if (!Value.Check(Links, links)) byName.set('LINKS', 'LINKS: must be a JSON array of {"name","url"} objects');
  }
  if (values.SMS_PROVIDER === 'http' && values.SMS_HTTP_URL === undefined && !byName.has('SMS_HTTP_URL')) {
    byName.set('SMS_HTTP_URL', 'SMS_HTTP_URL: missing; required with SMS_PROVIDER=http');
  }
  if (values.EMAIL_PROVIDER === 'smtp') {
    for (const name of ['SMTP_URL', 'EMAIL_FROM'] as const) {
      if (values[name] === undefined && !byName.has(name)) byName.set(name, `${name}: missing; required with EMAIL_PROVIDER=smtp`);
    }
  }
  if ((values.S3_ACCESS_KEY_ID === undefined) !== (values.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = values.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    byName.set(missing, `${missing}: missing; S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together`);
  }
  if (values.SMS_HTTP_HEADERS !== undefined) {
    let headers: unknown;
    try {
      headers = JSON.parse(values.SMS_HTTP_HEADERS);
    } catch {
      headers = undefined;
    }
    if (!Value.Check(Headers, headers)) byName.set('SMS_HTTP_HEADERS', 'SMS_HTTP_HEADERS: must be a JSON object of header names to string values');
  }
  return { values, problems: [...byName.values()] };
}

/** Thrown by loadConfig: every problem of the environment at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration refused, ${problems.length} setting(s) to fix:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function trustProxyFrom(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { values: e, problems } = checkEnv(env);
  if (problems.length > 0) throw new ConfigError(problems);
  const d = DEFAULT_RATE_LIMITS;
  const production = e.NODE_ENV === 'production';
  const jobsIntervalMs = e.JOBS_INTERVAL_MS!;
  const dataDir = path.resolve(e.DATA_DIR || path.join(REPO_ROOT, 'data'));
  return {
    port: e.PORT!,
    host: e.HOST || '127.0.0.1',
    databaseUrl: e.DATABASE_URL ?? null,
    dbPoolSize: e.DB_POOL_SIZE!,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST || '127.0.0.1',
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS!,
    profileCacheSeconds: e.PROFILE_CACHE_SECONDS!,
    catalogueCacheSeconds: e.CATALOGUE_CACHE_SECONDS!,
    dataDir,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
      : defaultCorsOrigins(),
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX || 'rigshare:',
    operatorName: e.OPERATOR_NAME || 'Rigshare Operations Ltd.',
    shareBaseUrl: e.SHARE_BASE_URL ?? 'http://localhost:3000/#/login/registerbym?code=',
    serviceLink: e.SERVICE_LINK ?? '',
    phoneDefaultRegion: e.PHONE_DEFAULT_COUNTRY ?? DEFAULT_PHONE_REGION,
    androidDownloadUrl: e.ANDROID_DOWNLOAD_URL ?? '',
    sessionTtlHours: e.SESSION_TTL_HOURS!,
    links: e.LINKS ? (JSON.parse(e.LINKS) as Config['links']).map((l) => ({ name: l.name, url: l.url })) : [],
    publicUrl: (e.PUBLIC_URL ?? '').replace(/\/$/, ''),
    rateLimits: {
      ...d,
      fundPassword: { ...d.fundPassword, lockMs: e.FUND_PASSWORD_LOCK_MINUTES! * 60_000 },
      smsPerHour: { budget: e.SMS_HOURLY_BUDGET!, prefixDigits: e.SMS_PREFIX_DIGITS!, perPrefix: e.SMS_PREFIX_HOURLY! },
    },
    couponsOpen: e.COUPONS_OPEN !== '0' && e.COUPONS_OPEN !== 'false',
    jobsIntervalMs,
    withdrawHoldHours: e.WITHDRAW_HOLD_HOURS!,
    withdrawPromisedHours: e.WITHDRAW_PROMISED_HOURS!,
    chain: {
      rpcUrl: e.CHAIN_RPC_URL ?? '',
      depositXpub: (e.DEPOSIT_XPUB ?? '').trim(),
      tokenAddress: e.USDT_TOKEN_ADDRESS ?? BSC_USDT_ADDRESS,
      decimals: e.USDT_DECIMALS!,
      confirmations: e.DEPOSIT_CONFIRMATIONS!,
      minimum: parseAmount(e.USDT_DEPOSIT_MIN ?? '10'),
      pollMs: e.CHAIN_POLL_MS!,
      scanBlocks: e.CHAIN_SCAN_BLOCKS!,
      startBlock: e.CHAIN_START_BLOCK ?? null,
    },
    solvency: {
      addresses: (e.SOLVENCY_ADDRESSES ?? '').split(',').map((a) => a.trim()).filter(Boolean),
      explorerAddressUrl: e.EXPLORER_ADDRESS_URL ?? 'https://bscscan.com/address/{address}',
      intervalMs: e.SOLVENCY_INTERVAL_MINUTES! * 60_000,
    },
    codeInLog: !production,
    production,
    seed: e.SEED ?? (production ? 'reference' : 'demo'),
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    staff: {
      fourEyesThreshold: parseAmount(e.FOUR_EYES_THRESHOLD_USDT ?? '1000'),
      idleMinutes: e.STAFF_IDLE_MINUTES!,
      totpKey: e.STAFF_TOTP_KEY ?? null,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS!,
    live: {
      connectionsPerMember: e.LIVE_CONNECTIONS_PER_MEMBER!,
      retentionHours: e.LIVE_RETENTION_HOURS!,
      pingMs: e.LIVE_PING_MS!,
      pollMs: e.LIVE_POLL_MS!,
    },
    readyJobLagMs: e.READY_JOB_LAG_MS ?? Math.max(3 * jobsIntervalMs, 5 * 60_000),
    readyChainLagMs: e.READY_CHAIN_LAG_MS ?? Math.max(20 * (e.CHAIN_POLL_MS ?? 3000), 5 * 60_000),
    rateMaxAgeMs: e.RATE_MAX_AGE_HOURS! * 3_600_000,
    sms:
      e.SMS_PROVIDER === 'http'
        ? {
            provider: 'http',
            http: {
              url: e.SMS_HTTP_URL!,
              bodyTemplate: e.SMS_HTTP_BODY ?? '{"to":"{phone}","text":"{body}"}',
              headers: e.SMS_HTTP_HEADERS ? (JSON.parse(e.SMS_HTTP_HEADERS) as Record<string, string>) : {},
              retries: e.SMS_HTTP_RETRIES!,
              timeoutMs: e.SMS_HTTP_TIMEOUT_MS!,
              idField: e.SMS_HTTP_ID_FIELD ?? 'id',
            },
          }
        : { provider: 'outbox' },
    email:
      e.EMAIL_PROVIDER === 'smtp'
        ? { provider: 'smtp', smtp: { url: e.SMTP_URL!, from: e.EMAIL_FROM!, timeoutMs: e.SMTP_TIMEOUT_MS!, retries: e.SMTP_RETRIES! } }
        : { provider: 'outbox' },
    community: { postsPerHour: e.COMMUNITY_POSTS_PER_HOUR!, commentsPerHour: e.COMMUNITY_COMMENTS_PER_HOUR! },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION || 'us-east-1',
          endpoint: e.S3_ENDPOINT ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
    team: {
      groupUrl: e.TEAM_GROUP_URL ?? 'https://t.me/rigshare',
      videoSites: (e.VIDEO_SITES ?? 'youtube.com,youtu.be,tiktok.com,instagram.com,facebook.com,x.com')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
  };
}
