import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../clock';
import { OutboxDelivery, Outcomes, type DeliveryReport, type OutboxDeliveryOptions, type OutboxTable, type OutcomeListener, type TryOutcome } from './delivery';

/** Where the API's texts and emails go. Every sender keeps each message in its outbox table with its delivery status. */
export interface OutboxSender<Message> {
  /** Keeps the message and has it delivered; a gateway's sender returns before the gateway is tried. */
  send(message: Message): Promise<void>;
  /** Resolves once the deliveries in flight have ended (a gateway's sender; the outbox has none). */
  idle?(): Promise<void>;
  /** Takes up messages a stopped process left undelivered; how many (a gateway's sender). */
  resumeAbandoned?(): Promise<number>;
  /** Tells `listener` how each message ended: delivered (or kept, for the outbox) or failed. */
  observe?(listener: OutcomeListener): void;
}

/** What the development log says of a kept message: to whom, for what, and its code. */
export interface KeptMessage {
  fields: Record<string, string>;
  /** e.g. "sms outbox: register" */
  what: string;
  to: string;
  /** "text", "email" */
  kind: string;
  code?: string;
}

/**
 * The dev and test channel (the default): each message is kept in its outbox table (browser tests read
 * it there), which is as far as it goes, and logged. In development the log line carries the code
 * (`sms outbox: register code 123456 for 9...`) so a developer can sign up from the terminal; with
 * `codeInLog` off (NODE_ENV=production) it never does.
 */
export abstract class KeepingSender<Message> implements OutboxSender<Message> {
  private readonly outcomes = new Outcomes();

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
    private readonly codeInLog = false,
  ) {}

  /** Writes the message's row. */
  protected abstract keep(message: Message): Promise<void>;
  protected abstract describe(message: Message): KeptMessage;

  async send(message: Message): Promise<void> {
    await this.keep(message);
    this.outcomes.tell(true);
    const { fields, what, to, kind, code } = this.describe(message);
    if (this.codeInLog && code) this.log?.info({ ...fields, code }, `${what} code ${code} for ${to}`);
    else this.log?.info(fields, `${what} ${kind} for ${to} (code not logged)`);
  }

  observe(listener: OutcomeListener): void {
    this.outcomes.observe(listener);
  }
}

/**
 * A gateway's sender (an SMTP server, an HTTP SMS gateway): `send` keeps the message as 'sending' and
 * returns; the gateway is tried in the background (delivery.ts), so a slow or failing gateway never
 * holds the member's request, and a message a stopped process left is taken up by another
 * (`resumeAbandoned`). A gateway's sender says how its row is kept, how one try goes and how it logs.
 */
export abstract class GatewaySender<Table extends OutboxTable, Message> implements OutboxSender<Message> {
  private readonly outcomes = new Outcomes();
  private readonly delivery: OutboxDelivery<Table, Message>;

  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly clock: Clock,
    delivery: Pick<OutboxDeliveryOptions<Table, Message>, 'table' | 'policy' | 'fromRow'>,
    protected readonly log?: FastifyBaseLogger,
  ) {
    this.delivery = new OutboxDelivery({
      ...delivery,
      db,
      clock,
      attempt: (message) => this.attempt(message),
      report: (message, outcome) => {
        this.report(message, outcome);
        this.outcomes.tell(outcome.sent);
      },
      log,
    });
  }

  /** Writes the message's row, 'sending' and leased to this process until `leaseUntil`; its id. */
  protected abstract keep(message: Message, leaseUntil: string): Promise<number>;
  /** One try: the message handed to the gateway. */
  protected abstract attempt(message: Message): Promise<TryOutcome>;
  /** The log line of a delivery that ended. */
  protected abstract report(message: Message, outcome: DeliveryReport): void;

  async send(message: Message): Promise<void> {
    const id = await this.keep(message, this.delivery.newLease());
    this.delivery.start(id, message);
  }

  idle(): Promise<void> {
    return this.delivery.idle();
  }

  resumeAbandoned(): Promise<number> {
    return this.delivery.resumeAbandoned();
  }

  observe(listener: OutcomeListener): void {
    this.outcomes.observe(listener);
  }
}
