import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { EventRow } from './audience';

/** Rows read at once; more are read straight after. */
const BATCH = 500;
/**
 * An id missing below rows already read belongs to a transaction still open (PostgreSQL hands out ids
 * before commit) or to one rolled back. It is looked for again until it appears or this long has passed.
 */
const GAP_GRACE_MS = 30_000;

/**
 * Reads committed events by id and hands each to `deliver` exactly once, in id order of reading. Reads
 * run one at a time: a poke while one runs makes one more read after it, so a commit that lands during
 * a read is read by the next (ids, not notifications, say what is new).
 */
export class EventDispatcher {
  /** Every id up to here has been delivered or given up. */
  private cursor = 0;
  /** Ids above the cursor already delivered. */
  private readonly delivered = new Set<number>();
  /** Ids above the cursor not seen yet, with when they were first missed. */
  private readonly gaps = new Map<number, number>();
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deliver: (rows: EventRow[]) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts after the newest event committed so far: what came before is the replay's. */
  async start(): Promise<void> {
    const last = await this.db.selectFrom('events').select((eb) => eb.fn.max('id').as('last')).executeTakeFirstOrThrow();
    this.cursor = last.last === null ? 0 : Number(last.last);
  }

  /** Reads what is new; resolves when every commit before the call has been read. Returns the highest id delivered so far. */
  async poke(): Promise<number> {
    if (this.running) {
      // The read running now loops once more before it resolves.
      this.again = true;
      await this.running;
      return this.highest();
    }
    this.running = this.readUntilDone().finally(() => (this.running = null));
    await this.running;
    return this.highest();
  }

  private highest(): number {
    return Math.max(this.cursor, ...this.delivered);
  }

  private async readUntilDone(): Promise<void> {
    do {
      this.again = false;
      while (await this.readOnce());
    } while (this.again);
  }

  /** One read; true when it filled a batch (more may wait). */
  private async readOnce(): Promise<boolean> {
    const above = this.highest();
    const missing = [...this.gaps.keys()];
    const stillMissing = missing.length > 0 ? sql`OR id IN (${sql.join(missing)})` : sql``;
    const result = await sql<EventRow>`SELECT id, audience, member_id, topic, data FROM events
      WHERE id > ${above} ${stillMissing} ORDER BY id LIMIT ${BATCH}`.execute(this.db);
    const rows = result.rows.map((r) => ({ ...r, id: Number(r.id), member_id: r.member_id === null ? null : Number(r.member_id) })).filter((r) => !this.delivered.has(r.id));
    for (const row of rows) {
      this.delivered.add(row.id);
      this.gaps.delete(row.id);
    }
    if (rows.length > 0) this.deliver(rows);
    this.advance();
    return result.rows.length === BATCH;
  }

  /** Moves the cursor over delivered ids and gaps older than the grace; notes new gaps. */
  private advance(): void {
    const top = this.highest();
    const now = this.now();
    for (let id = this.cursor + 1; id < top; id++) if (!this.delivered.has(id) && !this.gaps.has(id)) this.gaps.set(id, now);
    while (this.cursor < top) {
      const next = this.cursor + 1;
      const missedAt = this.gaps.get(next);
      if (missedAt !== undefined && now - missedAt < GAP_GRACE_MS) break;
      this.gaps.delete(next);
      this.delivered.delete(next);
      this.cursor = next;
    }
  }
}
