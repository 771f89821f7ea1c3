import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/schema';
import type { DeliveryReport, TryOutcome } from '../outbox/delivery';
import { GatewaySender, KeepingSender, type KeptMessage, type OutboxSender } from '../outbox/sender';
import type { Clock } from '../clock';
import type { SmtpEmailConfig } from '../config';

export interface EmailMessage {
  to: string;
  purpose: string;
  subject: string;
  body: string;
  /** The verification code inside the body, for the development log line only. */
  code?: string;
}

/** Where the API's emails go. Every sender keeps each email in `email_outbox` with its delivery status. */
export type EmailSender = OutboxSender<EmailMessage>;

/** Dev and test channel (EMAIL_PROVIDER=outbox, the default): each email is kept in `email_outbox` and logged (outbox/sender.ts). */
export class OutboxEmailSender extends KeepingSender<EmailMessage> {
  protected async keep(message: EmailMessage): Promise<void> {
    await keep(this.db, this.clock, message, 'outbox');
  }

  protected describe({ to, purpose, code }: EmailMessage): KeptMessage {
    return { fields: { to, purpose }, what: `email outbox: ${purpose}`, to, kind: 'email', code };
  }
}

/**
 * Sends through an SMTP server (nodemailer) and records the outcome in `email_outbox`: 'sent' with the
 * message id once the server accepted it (it queues and retries delivery itself), 'failed' with the
 * last error when it could not be reached or refused. `send` returns once the email is kept: the server
 * is tried in the background (outbox/delivery.ts), so a slow mail server never holds the member's
 * request, and an email left by a process that stopped is taken up by another. A server that cannot be
 * reached or refuses for the moment (a 4xx reply: greylisting, too busy) is tried again, backoff 200 ms
 * doubling, as the SMS gateway is; a permanent refusal (5xx: no such mailbox, relaying denied) is not,
 * nor a server that went silent (it may have taken the message; another try could send it twice). The
 * code never goes to the log. A member whose email failed asks for a new code after the usual wait.
 */
export class SmtpEmailSender extends GatewaySender<'email_outbox', EmailMessage> {
  private readonly transport: Transporter;

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    private readonly config: SmtpEmailConfig,
    log?: FastifyBaseLogger,
    backoffMs = 200,
  ) {
    const { timeoutMs } = config;
    super(db, clock, { table: 'email_outbox', policy: { retries: config.retries, timeoutMs, backoffMs }, fromRow: (row) => ({ to: row.email, purpose: row.purpose, subject: row.subject, body: row.body }) }, log);
    this.transport = nodemailer.createTransport({ url: config.url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  }

  protected keep(message: EmailMessage, leaseUntil: string): Promise<number> {
    return keep(this.db, this.clock, message, 'sending', leaseUntil);
  }

  protected report({ to, purpose }: EmailMessage, { sent, attempts, providerId, error }: DeliveryReport): void {
    if (sent) this.log?.info({ to, purpose, messageId: providerId, attempts }, `email sent: ${purpose} email for ${to}`);
    else this.log?.error({ to, purpose, error }, `email failed: ${purpose} email for ${to} not delivered`);
  }

  /** One try: the email handed to the mail server. */
  protected async attempt(message: EmailMessage): Promise<TryOutcome> {
    try {
      const info = await this.transport.sendMail({ from: this.config.from, to: message.to, subject: message.subject, text: message.body });
      return { sent: true, providerId: String(info.messageId ?? '').slice(0, 200) || null };
    } catch (e) {
      return { sent: false, error: e instanceof Error ? e.message : String(e), retry: isTemporary(e) };
    }
  }
}

/**
 * nodemailer's codes for a server that could not be reached: failures that come at once. A server that
 * went silent (ETIMEDOUT) is not tried again: it may have taken the message.
 */
const UNREACHED = new Set(['ECONNECTION', 'ESOCKET', 'EDNS']);

/** Worth another try: the server could not be reached, or it answered with a 4xx reply. */
function isTemporary(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return typeof code === 'string' && UNREACHED.has(code);
}

async function keep(db: Kysely<Database>, clock: Clock, message: EmailMessage, status: string, leaseUntil: string | null = null): Promise<number> {
  const row = await db
    .insertInto('email_outbox')
    .values({ email: message.to, purpose: message.purpose, subject: message.subject, body: message.body, created_at: clock().toISOString(), status, provider_id: null, error: null, lease_until: leaseUntil })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
