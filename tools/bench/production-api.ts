import { randomBytes } from 'node:crypto';

/**
 * The environment a benchmark starts the production build of the API with (server/dist/main.js under
 * plain node): production mode on a scratch database, reference data only, texts kept in the outbox,
 * no jobs running on their own; `settings` add to it or override it (DATABASE_URL, DATA_DIR, REDIS_URL...).
 */
export function productionApiEnv(port: number, settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    SEED: 'reference',
    SMS_PROVIDER: 'outbox',
    PORT: String(port),
    HOST: '127.0.0.1',
    CORS_ORIGINS: 'http://127.0.0.1:3000',
    SHARE_BASE_URL: 'http://127.0.0.1:3000/#/login/registerbym?code=',
    // A scratch database each run: a fresh key is fine (no staff enrol here).
    STAFF_TOTP_KEY: randomBytes(32).toString('base64url'),
    JOBS_INTERVAL_MS: '0',
    ...settings,
  };
}
