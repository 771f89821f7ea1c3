import { parseAmount } from '@rigshare/domain';
import path from 'node:path';

/** Everything the server reads from the environment, checked once at start. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL when set; otherwise SQLite under dataDir. */
  databaseUrl: string | null;
  dataDir: string;
  corsOrigins: string[];
  redisUrl: string | null;
  /** REDIS_PREFIX (default "rigshare:"): the start of every shared counter's key, for a Redis several deployments share. */
  redisPrefix: string;
  operatorName: string;
  shareBaseUrl: string;
  serviceLink: string;
  androidDownloadUrl: string;
  sessionTtlHours: number;
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
  /** USDT (BEP20) deposits by chain watcher; see docs/chain-deposits.md. */
  chain: ChainConfig;
  /** The development SMS outbox puts the code in its log line; never with NODE_ENV=production. */
  smsCodeInLog: boolean;
  /** Community posts and comments a member may send per rolling hour (COMMUNITY_POSTS_PER_HOUR, COMMUNITY_COMMENTS_PER_HOUR). */
  community: { postsPerHour: number; commentsPerHour: number };
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

function rateLimitsFrom(env: NodeJS.ProcessEnv): RateLimits {
  const d = DEFAULT_RATE_LIMITS;
  return {
    ...d,
    fundPassword: { ...d.fundPassword, lockMs: integer(env, 'FUND_PASSWORD_LOCK_MINUTES', d.fundPassword.lockMs / 60_000, 1, 7 * 24 * 60) * 60_000 },
    smsPerHour: {
      budget: integer(env, 'SMS_HOURLY_BUDGET', d.smsPerHour.budget, 0, 10_000_000),
      prefixDigits: integer(env, 'SMS_PREFIX_DIGITS', d.smsPerHour.prefixDigits, 1, 15),
      perPrefix: integer(env, 'SMS_PREFIX_HOURLY', d.smsPerHour.perPrefix, 0, 10_000_000),
    },
  };
}

/** The monorepo root: server/src/config.ts -> ../.. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function defaultCorsOrigins(): string[] {
  const origins: string[] = [];
  for (let port = 3000; port <= 3005; port++) {
    origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
  }
  return origins;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] ?? fallback;
  if (raw === '') return raw;
  try {
    new URL(raw);
  } catch {
    throw new Error(`${name} must be a URL, got "${raw}"`);
  }
  return raw;
}

/** BEP20 USDT (Binance-Peg BSC-USD) on BNB Smart Chain. */
export const BSC_USDT_ADDRESS = '0x55d398326f99059fF775485246999027B3197955';

function chainConfig(env: NodeJS.ProcessEnv): ChainConfig {
  const depositXpub = (env.DEPOSIT_XPUB ?? '').trim();
  if (depositXpub && !/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(depositXpub)) {
    // Never echo the value: it might be a private key pasted by mistake.
    throw new Error('DEPOSIT_XPUB must be an extended PUBLIC key ("xpub..."); a private key must never be given to the server');
  }
  const tokenAddress = env.USDT_TOKEN_ADDRESS || BSC_USDT_ADDRESS;
  if (!/^0x[0-9a-fA-F]{40}$/.test(tokenAddress)) throw new Error(`USDT_TOKEN_ADDRESS must be a 0x address, got "${tokenAddress}"`);
  const minimumText = env.USDT_DEPOSIT_MIN || '10';
  if (!/^[0-9]{1,12}(\.[0-9]{1,6})?$/.test(minimumText)) throw new Error(`USDT_DEPOSIT_MIN must be a decimal USDT amount, got "${minimumText}"`);
  const startBlock = env.CHAIN_START_BLOCK ? integer(env, 'CHAIN_START_BLOCK', 0, 0, Number.MAX_SAFE_INTEGER) : null;
  return {
    rpcUrl: url(env, 'CHAIN_RPC_URL', ''),
    depositXpub,
    tokenAddress,
    decimals: integer(env, 'USDT_DECIMALS', 18, 0, 36),
    confirmations: integer(env, 'DEPOSIT_CONFIRMATIONS', 20, 1, 10_000),
    minimum: parseAmount(minimumText),
    pollMs: integer(env, 'CHAIN_POLL_MS', 3000, 100, 3_600_000),
    scanBlocks: integer(env, 'CHAIN_SCAN_BLOCKS', 500, 1, 100_000),
    startBlock,
  };
}

function parseLinks(raw: string | undefined): { name: string; url: string }[] {
  if (!raw) return [];
  const value: unknown = JSON.parse(raw);
  if (!Array.isArray(value) || !value.every((l) => typeof l?.name === 'string' && typeof l?.url === 'string')) {
    throw new Error('LINKS must be a JSON array of {"name","url"} objects');
  }
  return value.map((l) => ({ name: l.name, url: l.url }));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL');
  }
  return {
    port: integer(env, 'PORT', 3100, 1, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, 'data')),
    corsOrigins: env.CORS_ORIGINS
      ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
      : defaultCorsOrigins(),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'rigshare:',
    operatorName: env.OPERATOR_NAME || 'Rigshare Operations Ltd.',
    shareBaseUrl: url(env, 'SHARE_BASE_URL', 'http://localhost:3000/#/login/registerbym?code='),
    serviceLink: url(env, 'SERVICE_LINK', ''),
    androidDownloadUrl: url(env, 'ANDROID_DOWNLOAD_URL', ''),
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 720, 1, 24 * 365),
    links: parseLinks(env.LINKS),
    publicUrl: url(env, 'PUBLIC_URL', '').replace(/\/$/, ''),
    rateLimits: rateLimitsFrom(env),
    couponsOpen: env.COUPONS_OPEN !== '0' && env.COUPONS_OPEN !== 'false',
    jobsIntervalMs: integer(env, 'JOBS_INTERVAL_MS', 60_000, 0, 24 * 3_600_000),
    withdrawHoldHours: integer(env, 'WITHDRAW_HOLD_HOURS', 24, 0, 24 * 30),
    chain: chainConfig(env),
    smsCodeInLog: env.NODE_ENV !== 'production',
    community: {
      postsPerHour: integer(env, 'COMMUNITY_POSTS_PER_HOUR', 5, 0, 10_000),
      commentsPerHour: integer(env, 'COMMUNITY_COMMENTS_PER_HOUR', 30, 0, 100_000),
    },
  };
}
