import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../types';

export interface SmsMessage {
  phone: string;
  purpose: string;
  body: string;
}

/** Where verification texts go. A real SMS gateway implements this in production. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** Dev and test channel: each text is logged and kept in `sms_outbox` (browser tests read it there). */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ ...message, created_at: this.clock().toISOString() })
      .execute();
    this.log?.info({ phone: message.phone, purpose: message.purpose }, 'SMS written to sms_outbox');
  }
}
