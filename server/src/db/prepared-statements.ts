import { Client, type QueryConfig } from 'pg';

/**
 * PostgreSQL spends more on parsing and planning the API's statements than on running them: in a
 * purchase, ~2.3 ms of parse and plan against ~0.7 ms of execution, its posting aside
 * (docs/performance.md, "Statements prepared once"). A statement with parameters that this process
 * sends again is therefore prepared on each connection the first time it runs there, under a name, and
 * from then on only bound and executed; PostgreSQL keeps its plan (custom plans for the first five
 * runs, then a generic one where that costs no more, its `plan_cache_mode`).
 *
 * Only statements sent at least twice are named, and at most `MAX_NAMED` of them, so one-off texts (a
 * list of ids of varying length, a migration) do not fill every connection's memory; statements
 * without parameters (BEGIN, COMMIT, DDL) are never named, nor statements that return `*`: a prepared
 * one fails once its table gains or loses a column ("cached plan must not change result type"), which
 * another instance's migration does during a rolling upgrade, and inside a transaction that cannot be
 * retried. Hot statements name their columns.
 */
const MAX_NAMED = 400;
/** Distinct texts counted before the counts start again (they only decide which texts get a name). */
const MAX_COUNTED = 10_000;

/** `*` as an item of a select list or a RETURNING (not `count(*)`, not a product). */
const RETURNS_STAR = /(?:\bselect\s+(?:distinct\s+)?|\breturning\s+|,\s*)(?:"[^"]+"\.)?\*/i;

const seen = new Map<string, number>();
const names = new Map<string, string>();

/** The statement's name, or undefined while it is not (or cannot be) a prepared one. */
function nameFor(text: string): string | undefined {
  const name = names.get(text);
  if (name !== undefined || names.size >= MAX_NAMED || RETURNS_STAR.test(text)) return name;
  const count = (seen.get(text) ?? 0) + 1;
  if (count < 2) {
    if (seen.size >= MAX_COUNTED) seen.clear();
    seen.set(text, count);
    return undefined;
  }
  seen.delete(text);
  const assigned = `rs${names.size + 1}`;
  names.set(text, assigned);
  return assigned;
}

/** A prepared statement whose result columns changed type under it (a migration altered one). */
function isStaleResultType(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));
}

/**
 * pg's Client, naming what Kysely sends as `query(text, values)` (its only call form) by `nameFor`.
 * After a stale result type (a column's type changed; `*` is never named) it prepares the statements
 * again under new names on this connection (`generation`) and runs the statement once more: outside a
 * transaction that answers; inside one the transaction has already failed, so the retry fails too and
 * the caller sees that (its request fails, nothing is written, and the member's retry is served by the
 * new statements).
 */
export class PreparingClient extends Client {
  private generation = 0;

  // pg's overloads cannot be restated one by one; the calls Kysely makes go through the first branch.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameFor(text);
      if (name !== undefined) return this.named({ name, text, values });
    }
    return super.query(...(args as Parameters<Client['query']>));
  }

  private async named(config: QueryConfig & { name: string }) {
    const run = () => super.query({ ...config, name: `${config.name}g${this.generation}` });
    try {
      return await run();
    } catch (error) {
      if (!isStaleResultType(error)) throw error;
      // New names: the connection keeps the old statements until it closes (the pool closes idle ones after 10 s).
      this.generation++;
      return await run();
    }
  }
}
