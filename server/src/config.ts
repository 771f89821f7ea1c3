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
}

export interface RateLimits {
  loginPerIpPhone: { max: number; windowMs: number };
  codePerIp: { max: number; windowMs: number };
  codePerPhoneMs: number;
  accountCheckPerIp: { max: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIpPhone: { max: 10, windowMs: 15 * 60_000 },
  codePerIp: { max: 10, windowMs: 60 * 60_000 },
  codePerPhoneMs: 60_000,
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
    operatorName: env.OPERATOR_NAME || 'Rigshare Operations Ltd.',
    shareBaseUrl: url(env, 'SHARE_BASE_URL', 'http://localhost:3000/#/login/registerbym?code='),
    serviceLink: url(env, 'SERVICE_LINK', ''),
    androidDownloadUrl: url(env, 'ANDROID_DOWNLOAD_URL', ''),
    sessionTtlHours: integer(env, 'SESSION_TTL_HOURS', 720, 1, 24 * 365),
    links: parseLinks(env.LINKS),
    publicUrl: url(env, 'PUBLIC_URL', '').replace(/\/$/, ''),
    rateLimits: DEFAULT_RATE_LIMITS,
    couponsOpen: env.COUPONS_OPEN !== '0' && env.COUPONS_OPEN !== 'false',
    jobsIntervalMs: integer(env, 'JOBS_INTERVAL_MS', 60_000, 0, 24 * 3_600_000),
    withdrawHoldHours: integer(env, 'WITHDRAW_HOLD_HOURS', 24, 0, 24 * 30),
  };
}
