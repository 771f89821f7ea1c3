import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Limits on guessing a secret (a login password, a staff password and TOTP code, an SMS or email code,
 * the fund password): a try is TAKEN before the secret is checked, and only a taken try is checked.
 *
 * "Read the count, check the secret, then count the failure" lets a burst through: every request of the
 * burst reads the count before any failure is written, so all of them are checked. Here each try is one
 * conditional write on the key's row in `guess_counters` (compare-and-set on its version), which only one
 * of many concurrent requests can win for a given state; the others read again and are held to the new
 * count. So at most the limit is evaluated, in one process or many, on SQLite or PostgreSQL, and Redis
 * plays no part: the limits hold while it is down.
 *
 * A try that turns out right may be given back (it was not a failure) or clear its key; a wrong one stays
 * counted. A try refused only because tries on its key are still being checked waits for them a moment:
 * their outcome decides (a burst of the right secret, a double tap, is not refused). Times come from the
 * caller's clock (tests move it).
 */

export interface GuessState {
  /** Tries taken and still counted, those still being checked included. */
  count: number;
  /** When the last try was taken (ms). */
  lastAt: number;
  /** When the row stops counting (ms): the end of a window, a lock, or the time a series is forgotten. */
  expiresAt: number;
}

export interface GuessRule {
  /** 0 when a try may be taken now; otherwise how long until one may (ms). `state` is undefined when nothing counts yet. */
  waitMs(state: GuessState | undefined, now: number): number;
  /** The key's state once a try is taken at `now`. */
  next(state: GuessState | undefined, now: number): GuessState;
}

/** At most `max` tries until `windowMs` after the first. */
export function perWindow(max: number, windowMs: number): GuessRule {
  return {
    waitMs: (state, now) => (state && state.count >= max ? state.expiresAt - now : 0),
    next: (state, now) => (state ? { count: state.count + 1, lastAt: now, expiresAt: state.expiresAt } : { count: 1, lastAt: now, expiresAt: now + windowMs }),
  };
}

/** At most `max` tries in a row; the series is forgotten `forgetMs` after its last try (a lock extends it: {@link holdGuesses}). */
export function inARow(max: number, forgetMs: number): GuessRule {
  return {
    waitMs: (state, now) => (state && state.count >= max ? state.expiresAt - now : 0),
    next: (state, now) => ({ count: (state?.count ?? 0) + 1, lastAt: now, expiresAt: now + forgetMs }),
  };
}

/**
 * `free` tries, then each waits after the one before a delay that doubles from `baseDelayMs` up to
 * `maxDelayMs`; the series is forgotten `forgetMs` after its last try. It slows guessing without letting
 * anyone lock the owner out for longer than `maxDelayMs`.
 */
export function doublingDelay(rule: { freeFailures: number; baseDelayMs: number; maxDelayMs: number; forgetMs: number }): GuessRule {
  return {
    waitMs: (state, now) => (state ? state.lastAt + delayAfter(state.count, rule) - now : 0),
    next: (state, now) => ({ count: (state?.count ?? 0) + 1, lastAt: now, expiresAt: now + rule.forgetMs }),
  };
}

/** How long the next try waits after `tries` tries in a row under a doubling delay (0 within the free ones). */
export function delayAfter(tries: number, rule: { freeFailures: number; baseDelayMs: number; maxDelayMs: number }): number {
  if (tries < rule.freeFailures) return 0;
  const doublings = Math.min(tries - rule.freeFailures, 30);
  return Math.min(rule.baseDelayMs * 2 ** doublings, rule.maxDelayMs);
}

/** One key to take a try on, its rule, what a refusal says, and what a right guess does to it. */
export interface GuessTry {
  key: string;
  rule: GuessRule;
  /** The error a refused try answers, given how long until a try may be taken. */
  refusal(waitMs: number): Error;
  /** A right guess: 'giveBack' uncounts its try (only failures count), 'clear' forgets the key (a series ends). */
  onRight: 'giveBack' | 'clear';
}

/** What a guess came to: the check's result (null when the secret was wrong) and each key's state after its try. */
export interface Guessed<T> {
  result: T | null;
  taken: GuessState[];
}

/**
 * How long a try may wait for tries in flight on its key to be settled, when only they stand in its way:
 * right ones give their place back (a double tap with the right PIN is not refused), wrong ones keep it.
 */
const IN_FLIGHT_WAIT_MS = 3000;
const POLL_MS = 20;
/** What a try that could not be taken in that time (a burst) is told to wait. */
const BURST_WAIT_MS = 1000;

/**
 * Takes one try on every key, in order, then runs `check` (the secret's comparison: its result, or null
 * when the secret was wrong) and settles the tries: a right guess gives back or clears each key as its
 * GuessTry says; a wrong one, or a check that throws, leaves them counted. When a key refuses, the tries
 * already taken are given back, `check` does not run and the key's refusal is thrown. Put the key whose
 * try cannot be given back cleanly (a doubling delay, which stamps the try's time) last.
 */
export async function guess<T>(db: Kysely<Database>, now: Date, tries: GuessTry[], check: () => Promise<T | null>): Promise<Guessed<T>> {
  const at = now.getTime();
  const taken: GuessState[] = [];
  for (const attempt of tries) {
    const result = await take(db, attempt, at);
    if (typeof result === 'number') {
      await Promise.all(tries.slice(0, taken.length).map((t) => giveBack(db, t.key)));
      throw attempt.refusal(result);
    }
    taken.push(result);
  }
  let result: T | null = null;
  try {
    result = await check();
  } finally {
    await Promise.all(tries.map((t) => (result === null ? settleWrong(db, t.key) : t.onRight === 'clear' ? clearGuesses(db, [t.key]) : giveBack(db, t.key))));
  }
  return { result, taken };
}

/** The key's state after a try is taken, or how long to wait (ms) when none may be. */
async function take(db: Kysely<Database>, attempt: GuessTry, now: number): Promise<GuessState | number> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const row = await db.selectFrom('guess_counters').selectAll().where('key', '=', attempt.key).executeTakeFirst();
    const live = row && Date.parse(row.expires_at) > now;
    const state = live ? { count: row.count, lastAt: Date.parse(row.last_at), expiresAt: Date.parse(row.expires_at) } : undefined;
    const waitMs = attempt.rule.waitMs(state, now);
    if (waitMs > 0) {
      // Refused as things stand; if tries are still in flight, their outcome may change that.
      if (!live || row.in_flight === 0) return waitMs;
      if (Date.now() >= deadline) return Math.max(waitMs, BURST_WAIT_MS);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    const next = attempt.rule.next(state, now);
    const values = {
      count: next.count,
      in_flight: (live ? row.in_flight : 0) + 1,
      last_at: new Date(next.lastAt).toISOString(),
      expires_at: new Date(next.expiresAt).toISOString(),
    };
    if (!row) {
      const inserted = await db
        .insertInto('guess_counters')
        .values({ key: attempt.key, version: 1, ...values })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return next;
    } else {
      const updated = await db
        .updateTable('guess_counters')
        .set({ ...values, version: row.version + 1 })
        .where('key', '=', attempt.key)
        .where('version', '=', row.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) return next;
    }
    // Another try on this key won the write: read its state and decide again.
    if (Date.now() >= deadline) return BURST_WAIT_MS;
  }
}

/** A wrong guess: its try stays counted and is no longer in flight. */
async function settleWrong(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('guess_counters')
    .set((eb) => ({ in_flight: eb('in_flight', '-', 1), version: eb('version', '+', 1) }))
    .where('key', '=', key)
    .where('in_flight', '>', 0)
    .execute();
}

/** A right guess that does not count (or a try given back unchecked): uncounted and no longer in flight. */
async function giveBack(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('guess_counters')
    .set((eb) => ({ count: eb('count', '-', 1), in_flight: eb('in_flight', '-', 1), version: eb('version', '+', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .where('in_flight', '>', 0)
    .execute();
}

/** Forgets the keys: their next try starts a new series. */
export async function clearGuesses(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('guess_counters').where('key', 'in', keys).execute();
}

/** Keeps the key refusing until `until` (a lock after the last allowed wrong try). */
export async function holdGuesses(db: Kysely<Database>, key: string, until: Date): Promise<void> {
  await db
    .updateTable('guess_counters')
    .set((eb) => ({ expires_at: until.toISOString(), version: eb('version', '+', 1) }))
    .where('key', '=', key)
    .execute();
}

/** Deletes the rows that no longer count (the jobs run it); returns how many. */
export async function deleteExpiredGuesses(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('guess_counters').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
