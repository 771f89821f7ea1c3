import type { PagingQuery } from '@rigshare/api-schema';
import type { Page } from '@rigshare/domain';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * How every list is paged, member and staff. `pageNum` and `pageSize` come from the route's schema
 * (PagingQuery or Paged in libs/api-schema), which refused anything outside 1..1 000 000 and 1..100
 * before the handler ran; so nothing here reads them again or falls back: the deepest offset,
 * 99 999 900, is far inside what SQLite and PostgreSQL take. The command line passes its own.
 */
export type Paging = Pick<PagingQuery, 'pageNum' | 'pageSize'>;

/** How many rows come before the page. */
export const pageOffset = ({ pageNum, pageSize }: Paging): number => (pageNum - 1) * pageSize;

/** A query that pages like a Kysely select. */
interface Pageable<Q> {
  limit(limit: number): Q;
  offset(offset: number): Q;
}

/** The query narrowed to the page's rows (its order says which rows those are). */
export const onePage = <Q extends Pageable<Q>>(query: Q, paging: Paging): Q => query.limit(paging.pageSize).offset(pageOffset(paging));

/** The rows of a select that has no columns yet (a table with its filters), counted. */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number((row as { n: string | number }).n);
}

/** A list query: a Kysely select with its joins, columns and order. */
interface ListQuery<Row> extends Pageable<ListQuery<Row>> {
  execute(): Promise<Row[]>;
}

/**
 * One page of a list and how many rows it has in all: `counted` is the filtered table, `list` the same
 * rows with the list's joins, columns and order. Without `paging` (the command line's lists), every row.
 */
export async function countedPage<DB, TB extends keyof DB, Row>(
  counted: SelectQueryBuilder<DB, TB, object>,
  list: ListQuery<Row>,
  paging?: Paging,
): Promise<{ total: number; rows: Row[] }> {
  if (!paging) {
    const rows = await list.execute();
    return { total: rows.length, rows };
  }
  const rows = await onePage(list, paging).execute();
  return { total: await countRows(counted), rows };
}

/** One page of a list already read whole (the few rows staff keep: rates, channels, releases, links). */
export function pageOf<T>(rows: readonly T[], paging: Paging): Page<T> {
  const from = pageOffset(paging);
  return { total: rows.length, list: rows.slice(from, from + paging.pageSize) };
}

/** Tables of a member's own rows, numbered by id (withdrawals, deposits, messages, ...). */
type MemberTable = { [T in keyof Database]: Database[T] extends { id: unknown; user_id: unknown } ? T : never }[keyof Database];

/** One page of a member's rows of `table`, newest first, with how many there are in all. */
export function memberRowsPage<T extends MemberTable>(k: Kysely<Database>, table: T, userId: number, paging: Paging): Promise<{ total: number; rows: Selectable<Database[T]>[] }> {
  // Kysely cannot type a query over a generic table name; every MemberTable has the two columns used.
  const mine = k.selectFrom(table as 'withdrawals').where('user_id', '=', userId);
  return countedPage(mine, mine.selectAll().orderBy('id', 'desc'), paging) as Promise<{ total: number; rows: Selectable<Database[T]>[] }>;
}

/** Tables whose rows are numbered by id (news, notices, carousel, ...). */
type IdTable = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/** One page of a whole table's rows, newest first, with how many there are in all (staff lists). */
export function latestRowsPage<T extends IdTable>(k: Kysely<Database>, table: T, paging: Paging): Promise<{ total: number; rows: Selectable<Database[T]>[] }> {
  // As above: one concrete table stands in for the generic name; every IdTable has an id.
  const all = k.selectFrom(table as 'news');
  return countedPage(all, all.selectAll().orderBy('id', 'desc'), paging) as Promise<{ total: number; rows: Selectable<Database[T]>[] }>;
}
