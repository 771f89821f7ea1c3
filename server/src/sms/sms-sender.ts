import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../types';

export interface SmsMessage {
  phone: string;
  purpose: string;
  body: string;
  /** The verification code inside the body, for the development log line only. */
  code?: string;
}

/** Where verification texts go. A real SMS gateway implements this in production. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * Dev and test channel: each text is kept in `sms_outbox` (browser tests read it there) and logged.
 * In development the log line carries the code (`sms outbox: register code 123456 for 9...`) so a
 * developer can sign up from the terminal; with `codeInLog` off (NODE_ENV=production) it never does.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
    private readonly codeInLog = false,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ phone: message.phone, purpose: message.purpose, body: message.body, created_at: this.clock().toISOString() })
      .execute();
    const { phone, purpose, code } = message;
    if (this.codeInLog && code) {
      this.log?.info({ phone, purpose, code }, `sms outbox: ${purpose} code ${code} for ${phone}`);
    } else {
      this.log?.info({ phone, purpose }, `sms outbox: ${purpose} text for ${phone} (code not logged)`);
    }
  }
}

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

/**
 * Sends each text through an HTTP gateway, from a template, with retries (backoff 200 ms, doubling) on
 * errors worth retrying, and records its delivery status in `sms_outbox` (status, attempts, the
 * gateway's message id, the last error). The code never goes to the log. A text that cannot be delivered
 * is logged as an error and stays 'failed'; the member may ask for a new code after the usual wait.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: HttpSmsConfig,
    private readonly log?: FastifyBaseLogger,
    private readonly backoffMs = 200,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const row = await this.db
      .insertInto('sms_outbox')
      .values({ phone: message.phone, purpose: message.purpose, body: message.body, created_at: this.clock().toISOString(), status: 'sending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const json = this.config.bodyTemplate.trim().startsWith('{');
    const fill = (value: string) => (json ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value));
    const payload = this.config.bodyTemplate.replace(/\{(phone|body|purpose)\}/g, (_m, key: 'phone' | 'body' | 'purpose') => fill(message[key]));
    const headers = { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', ...this.config.headers };

    let error = '';
    for (let attempt = 1; attempt <= this.config.retries + 1; attempt++) {
      let retry = false;
      try {
        const response = await fetch(this.config.url, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(this.config.timeoutMs) });
        const text = await response.text();
        if (response.ok) {
          let providerId: string | null = null;
          try {
            const id = (JSON.parse(text) as Record<string, unknown>)[this.config.idField];
            if (typeof id === 'string' || typeof id === 'number') providerId = String(id).slice(0, 128);
          } catch {
            // not JSON: no message id
          }
          await this.record(row.id, { status: 'sent', attempts: attempt, provider_id: providerId, error: null });
          this.log?.info({ phone: message.phone, purpose: message.purpose, providerId, attempts: attempt }, `sms sent: ${message.purpose} text for ${message.phone}`);
          return;
        }
        error = `HTTP ${response.status}: ${text.slice(0, 200)}`;
        retry = response.status === 429 || response.status >= 500;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
        retry = true;
      }
      await this.record(row.id, { status: 'sending', attempts: attempt, provider_id: null, error: error.slice(0, 300) });
      if (!retry) break;
      if (attempt <= this.config.retries) await new Promise((resolve) => setTimeout(resolve, this.backoffMs * 2 ** (attempt - 1)));
    }
    await this.db.updateTable('sms_outbox').set({ status: 'failed' }).where('id', '=', row.id).execute();
    this.log?.error({ phone: message.phone, purpose: message.purpose, error }, `sms failed: ${message.purpose} text for ${message.phone} not delivered`);
  }

  private async record(id: number, values: { status: string; attempts: number; provider_id: string | null; error: string | null }): Promise<void> {
    await this.db.updateTable('sms_outbox').set(values).where('id', '=', id).execute();
  }
}
