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
  /** SMTP_RETRIES: tries after the first when the server cannot be reached or refuses for the moment. */
  retries: number;
}

/**
 * Sends through an SMTP server (nodemailer) and records the outcome in `email_outbox`: 'sent' with the
 * message id once the server accepted it (it queues and retries delivery itself), 'failed' with the
 * last error when it could not be reached or refused. A server that cannot be reached or refuses for
 * the moment (a 4xx reply: greylisting, too busy) is tried again, backoff 200 ms doubling, as the SMS
 * gateway is; a permanent refusal (5xx: no such mailbox, relaying denied) is not, nor a server that did
 * not answer in time (the member's request waits for the sending). The code never goes to the log. A
 * member whose email failed asks for a new code after the usual wait.
 */
export class SmtpEmailSender implements EmailSender {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: SmtpEmailConfig,
    private readonly log?: FastifyBaseLogger,
    private readonly backoffMs = 200,
  ) {
    const { timeoutMs } = config;
    this.transport = nodemailer.createTransport({ url: config.url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  async send(message: EmailMessage): Promise<void> {
    const id = await keep(this.db, this.clock, message, 'sending');
    const { to, purpose } = message;
    let error = '';
    for (let attempt = 1; attempt <= this.config.retries + 1; attempt++) {
      try {
        const info = await this.transport.sendMail({ from: this.config.from, to, subject: message.subject, text: message.body });
        const providerId = String(info.messageId ?? '').slice(0, 200) || null;
        await this.db.updateTable('email_outbox').set({ status: 'sent', attempts: attempt, provider_id: providerId, error: null }).where('id', '=', id).execute();
        this.log?.info({ to, purpose, messageId: info.messageId, attempts: attempt }, `email sent: ${purpose} email for ${to}`);
        return;
      } catch (e) {
        error = (e instanceof Error ? e.message : String(e)).slice(0, 300);
        await this.db.updateTable('email_outbox').set({ attempts: attempt, error }).where('id', '=', id).execute();
        if (!isTemporary(e)) break;
        if (attempt <= this.config.retries) await new Promise((resolve) => setTimeout(resolve, this.backoffMs * 2 ** (attempt - 1)));
      }
    }
    await this.db.updateTable('email_outbox').set({ status: 'failed' }).where('id', '=', id).execute();
    this.log?.error({ to, purpose, error }, `email failed: ${purpose} email for ${to} not delivered`);
  }
}

/**
 * nodemailer's codes for a server that could not be reached: failures that come at once. A server that
 * went silent (ETIMEDOUT) is not tried again: the member's request has already waited SMTP_TIMEOUT_MS.
 */
const UNREACHED = new Set(['ECONNECTION', 'ESOCKET', 'EDNS']);

/** Worth another try: the server could not be reached, or it answered with a 4xx reply. */
function isTemporary(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && UNREACHED.has(code);
}

async function keep(db: Kysely<Database>, clock: Clock, message: EmailMessage, status: string): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({ email: message.to, purpose: message.purpose, subject: message.subject, body: message.body, created_at: clock().toISOString(), status, provider_id: null, error: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
