import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../clock';

/** The tables of the texts and emails a gateway delivers: each row is one message and its delivery status. */
export type OutboxTable = 'sms_outbox' | 'email_outbox';

/** A row of one of those tables, as the sweep reads it back. */
export type OutboxRow<Table extends OutboxTable> = Selectable<Database[Table]>;

/** What one try to hand a message to its gateway came to. */
export type TryOutcome = { sent: true; providerId: string | null } | { sent: false; error: string; retry: boolean };

/** Told how each message handed to its channel ended (metrics/index.ts counts them): true = sent. */
export type OutcomeListener = (sent: boolean) => void;

/** How one delivery ended, all its tries done, as the log reports it (never with the code). */
export interface DeliveryReport {
  sent: boolean;
  attempts: number;
  providerId: string | null;
  error: string;
}

/** A sender's outcome listeners. */
export class Outcomes {
  private readonly listeners: OutcomeListener[] = [];

  observe(listener: OutcomeListener): void {
    this.listeners.push(listener);
  }

  tell(sent: boolean): void {
    for (const listener of this.listeners) listener(sent);
  }
}

/** How a gateway is tried: tries after the first, each try's limit, and the first pause between tries (doubling). */
export interface RetryPolicy {
  retries: number;
  timeoutMs: number;
  backoffMs: number;
}

/**
 * A message not delivered this long after it was asked for is given up: the codes it carries have
 * expired (features/accounts/verification.ts keeps a code 10 minutes) and an alert that late helps no one.
 */
export const DELIVERY_MAX_AGE_MS = 10 * 60_000;

/**
 * Texts and emails are delivered after the request that asked for them has been answered: a gateway or
 * mail server that is slow, or being tried again, never holds a member's request (nor a password change
 * that alerts by email). The row is kept first, 'sending' and leased to this process for as long as all
 * its tries can take; the tries then run in the background and record the outcome on the row.
 *
 * A process that stops while delivering (kill -9, a crash) leaves its rows 'sending' with a lapsed lease.
 * `resumeAbandoned` takes them up again: each row goes to the one process whose claim moved its lease
 * (a compare-and-set, so two instances of a fleet never both send it), and rows past
 * DELIVERY_MAX_AGE_MS are marked failed instead.
 */
/** What a delivery needs: where its rows are kept, how the gateway is tried, and how a row reads back. */
export interface OutboxDeliveryOptions<Table extends OutboxTable, Message> {
  db: Kysely<Database>;
  table: Table;
  clock: Clock;
  policy: RetryPolicy;
  /** One try: hands the message to the gateway. */
  attempt: (message: Message) => Promise<TryOutcome>;
  /** Tells the log how a delivery ended (never with the code). */
  report: (message: Message, outcome: DeliveryReport) => void;
  /** The message a kept row holds, for the sweep to deliver again. */
  fromRow: (row: OutboxRow<Table>) => Message;
  log?: FastifyBaseLogger;
}

export class OutboxDelivery<Table extends OutboxTable, Message> {
  private readonly running = new Set<Promise<void>>();

  private readonly db: Kysely<Database>;
  /** Widened: Kysely cannot follow a table name that is a type parameter. */
  private readonly table: OutboxTable;
  private readonly clock: Clock;
  private readonly policy: RetryPolicy;

  constructor(private readonly options: OutboxDeliveryOptions<Table, Message>) {
    this.db = options.db;
    this.table = options.table;
    this.clock = options.clock;
    this.policy = options.policy;
  }

  /** How long one delivery, all its tries and pauses, can take; a lease a little longer than that. */
  private leaseMs(): number {
    const { retries, timeoutMs, backoffMs } = this.policy;
    return (retries + 1) * timeoutMs + backoffMs * (2 ** retries - 1) + 5_000;
  }

  private leaseFrom(now: Date): string {
    return new Date(now.getTime() + this.leaseMs()).toISOString();
  }

  /** The lease a new row gets: it is this process's to deliver from the start. */
  newLease(): string {
    return this.leaseFrom(this.clock());
  }

  /** Starts delivering the kept row `id` in the background; its outcome is recorded on the row. */
  start(id: number, message: Message, attemptsBefore = 0): void {
    const delivery = this.deliver(id, message, attemptsBefore)
      .catch((error: unknown) => this.options.log?.error({ err: error, table: this.table, id }, 'delivery not recorded; the sweep tries it again once its lease lapses'))
      .finally(() => this.running.delete(delivery));
    this.running.add(delivery);
  }

  /** Resolves once the deliveries started so far have ended (the app's close waits for them). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Takes up the rows left 'sending' by a process that stopped. Returns how many this process claimed and started. */
  async resumeAbandoned(): Promise<number> {
    const now = this.clock();
    const nowIso = now.toISOString();
    await this.db
      .updateTable(this.table)
      .set({ status: 'failed', error: 'not delivered in time', lease_until: null })
      .where('status', '=', 'sending')
      .where('lease_until', '<', nowIso)
      .where('created_at', '<', new Date(now.getTime() - DELIVERY_MAX_AGE_MS).toISOString())
      .execute();
    // Read whole: the sweep delivers what the row holds. The rows are Table's (see `table`).
    const lapsed = (await this.db
      .selectFrom(this.table)
      .selectAll()
      .where('status', '=', 'sending')
      .where('lease_until', '<', nowIso)
      .orderBy('id')
      .limit(100)
      .execute()) as (OutboxRow<Table> & OutboxRow<OutboxTable>)[];
    let claimed = 0;
    for (const row of lapsed) {
      const moved = await this.db
        .updateTable(this.table)
        .set({ lease_until: this.leaseFrom(now) })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .where('lease_until', '=', row.lease_until)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) continue; // another instance claimed it first
      this.start(row.id, this.options.fromRow(row), row.attempts);
      claimed += 1;
    }
    return claimed;
  }

  /** Tries the gateway up to retries + 1 times (pausing backoffMs, doubling) while a failure is worth another try. */
  private async deliver(id: number, message: Message, attemptsBefore: number): Promise<void> {
    const { retries, backoffMs } = this.policy;
    let error = '';
    let attempts = attemptsBefore;
    for (let attempt = 0; attempt <= retries; attempt++) {
      attempts += 1;
      const outcome = await this.options.attempt(message).catch((e: unknown): TryOutcome => ({ sent: false, error: e instanceof Error ? e.message : String(e), retry: false }));
      if (outcome.sent) {
        await this.record(id, { status: 'sent', attempts, provider_id: outcome.providerId, error: null, lease_until: null });
        this.options.report(message, { sent: true, attempts, providerId: outcome.providerId, error: '' });
        return;
      }
      error = outcome.error.slice(0, 300);
      await this.record(id, { attempts, error });
      if (!outcome.retry) break;
      if (attempt < retries) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** attempt));
    }
    await this.record(id, { status: 'failed', lease_until: null });
    this.options.report(message, { sent: false, attempts, providerId: null, error });
  }

  private async record(
    id: number,
    values: { status?: string; attempts?: number; provider_id?: string | null; error?: string | null; lease_until?: string | null },
  ): Promise<void> {
    await this.db.updateTable(this.table).set(values).where('id', '=', id).execute();
  }
}
