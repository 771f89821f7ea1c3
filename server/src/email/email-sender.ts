import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/schema';
import type { Clock } from '../types';

export interface EmailMessage {
  to: string;
  purpose: string;
  subject: string;
  body: string;
  /** The verification code inside the body, for the development log line only. */
  code?: string;
}

/** Where the API's emails go. Every sender keeps each email in `email_outbox` with its delivery status. */
export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * Dev and test channel (EMAIL_PROVIDER=outbox, the default): each email is kept in `email_outbox`
 * (browser tests read it there) and logged; in development the log line carries the code, as the SMS
 * outbox's does, never with NODE_ENV=production.
 */
export class OutboxEmailSender implements EmailSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
    private readonly codeInLog = false,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await keep(this.db, this.clock, message, 'outbox');
    const { to, purpose, code } = message;
    if (this.codeInLog && code) this.log?.info({ to, purpose, code }, `email outbox: ${purpose} code ${code} for ${to}`);
    else this.log?.info({ to, purpose }, `email outbox: ${purpose} email for ${to} (code not logged)`);
  }
}

/** EMAIL_PROVIDER=smtp: the mail server and the sender's address. */
export interface SmtpEmailConfig {
  /** SMTP_URL: smtp://user:password@host:587 (STARTTLS when offered) or smtps://...:465. */
  url: string;
  /** EMAIL_FROM: the From header, e.g. "Rigshare <no-reply@example.com>". */
  from: string;
  /** SMTP_TIMEOUT_MS: for connecting, for the server's greeting and for each reply. */
  timeoutMs: number;
}

/**
 * Sends through an SMTP server (nodemailer) and records the outcome in `email_outbox`: 'sent' with the
 * message id once the server accepted it (it queues and retries delivery itself), 'failed' with the
 * error when it could not be reached or refused. The code never goes to the log. A member whose email
 * failed asks for a new code after the usual wait.
 */
export class SmtpEmailSender implements EmailSender {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: SmtpEmailConfig,
    private readonly log?: FastifyBaseLogger,
  ) {
    const { timeoutMs } = config;
    this.transport = nodemailer.createTransport({ url: config.url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  async send(message: EmailMessage): Promise<void> {
    const id = await keep(this.db, this.clock, message, 'sending');
    const { to, purpose } = message;
    try {
      const info = await this.transport.sendMail({ from: this.config.from, to, subject: message.subject, text: message.body });
      await this.db.updateTable('email_outbox').set({ status: 'sent', provider_id: String(info.messageId ?? '').slice(0, 200) || null }).where('id', '=', id).execute();
      this.log?.info({ to, purpose, messageId: info.messageId }, `email sent: ${purpose} email for ${to}`);
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
      await this.db.updateTable('email_outbox').set({ status: 'failed', error }).where('id', '=', id).execute();
      this.log?.error({ to, purpose, error }, `email failed: ${purpose} email for ${to} not delivered`);
    }
  }
}

async function keep(db: Kysely<Database>, clock: Clock, message: EmailMessage, status: string): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({ email: message.to, purpose: message.purpose, subject: message.subject, body: message.body, created_at: clock().toISOString(), status, provider_id: null, error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
