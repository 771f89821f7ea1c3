import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DeliveryReport, TryOutcome } from '../outbox/delivery';
import { GatewaySender, KeepingSender, type KeptMessage, type OutboxSender } from '../outbox/sender';
import type { Clock } from '../clock';
import type { HttpSmsConfig } from '../config';

export interface SmsMessage {
  phone: string;
  purpose: string;
  body: string;
  /** The verification code inside the body, for the development log line only. */
  code?: string;
}

/** Where verification texts go. A real SMS gateway implements this in production. */
export type SmsSender = OutboxSender<SmsMessage>;

/** Dev and test channel: each text is kept in `sms_outbox` and logged (outbox/sender.ts). */
export class OutboxSmsSender extends KeepingSender<SmsMessage> {
  protected async keep(message: SmsMessage): Promise<void> {
    await keep(this.db, this.clock, message, 'outbox');
  }

  protected describe({ phone, purpose, code }: SmsMessage): KeptMessage {
    return { fields: { phone, purpose }, what: `sms outbox: ${purpose}`, to: phone, kind: 'text', code };
  }
}

/**
 * Sends each text through an HTTP gateway, from a template, with retries (backoff 200 ms, doubling) on
 * errors worth retrying (a network error, a timeout, 429 and 5xx), and records its delivery status in
 * `sms_outbox` (status, attempts, the gateway's message id, the last error). `send` returns once the text
 * is kept: the gateway is tried in the background (outbox/delivery.ts), so a slow or failing gateway never
 * holds the member's request, and a text left by a process that stopped is taken up by another. The code
 * never goes to the log. A text that cannot be delivered is logged as an error and stays 'failed'; the
 * member may ask for a new code after the usual wait.
 */
export class HttpSmsSender extends GatewaySender<'sms_outbox', SmsMessage> {
  constructor(
    db: Kysely<Database>,
    clock: Clock,
    private readonly config: HttpSmsConfig,
    log?: FastifyBaseLogger,
    backoffMs = 200,
  ) {
    super(db, clock, { table: 'sms_outbox', policy: { retries: config.retries, timeoutMs: config.timeoutMs, backoffMs }, fromRow: ({ phone, purpose, body }) => ({ phone, purpose, body }) }, log);
  }

  protected keep(message: SmsMessage, leaseUntil: string): Promise<number> {
    return keep(this.db, this.clock, message, 'sending', leaseUntil);
  }

  protected report({ phone, purpose }: SmsMessage, { sent, attempts, providerId, error }: DeliveryReport): void {
    if (sent) this.log?.info({ phone, purpose, providerId, attempts }, `sms sent: ${purpose} text for ${phone}`);
    else this.log?.error({ phone, purpose, error }, `sms failed: ${purpose} text for ${phone} not delivered`);
  }

  /** One try: the text POSTed from the template. */
  protected async attempt(message: SmsMessage): Promise<TryOutcome> {
    const json = this.config.bodyTemplate.trim().startsWith('{');
    const fill = (value: string) => (json ? JSON.stringify(value).slice(1, -1) : encodeURIComponent(value));
    const payload = this.config.bodyTemplate.replace(/\{(phone|body|purpose)\}/g, (_m, key: 'phone' | 'body' | 'purpose') => fill(message[key]));
    const headers = { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded', ...this.config.headers };
    try {
      const response = await fetch(this.config.url, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(this.config.timeoutMs) });
      const text = await response.text();
      if (response.ok) return { sent: true, providerId: providerIdOf(text, this.config.idField) };
      return { sent: false, error: `HTTP ${response.status}: ${text.slice(0, 200)}`, retry: response.status === 429 || response.status >= 500 };
    } catch (e) {
      return { sent: false, error: e instanceof Error ? e.message : String(e), retry: true };
    }
  }
}

/** The gateway's message id from its JSON answer, when it gave one. */
function providerIdOf(text: string, idField: string): string | null {
  try {
    const id = (JSON.parse(text) as Record<string, unknown>)[idField];
    if (typeof id === 'string' || typeof id === 'number') return String(id).slice(0, 128);
  } catch {
    // not JSON: no message id
  }
  return null;
}

/** The text's row in `sms_outbox`: kept there ('outbox'), or 'sending' and leased to this process. */
async function keep(db: Kysely<Database>, clock: Clock, { phone, purpose, body }: SmsMessage, status: 'outbox' | 'sending', leaseUntil: string | null = null): Promise<number> {
  const row = await db
    .insertInto('sms_outbox')
    .values({ phone, purpose, body, created_at: clock().toISOString(), status, lease_until: leaseUntil })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
