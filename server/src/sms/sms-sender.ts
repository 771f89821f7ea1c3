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
