import type { SelectQueryBuilder } from 'kysely';
import type { Paging } from './member-page';

/** What a list query needs to be paged and run (a Kysely select, whatever it joins). */
interface ListQuery<Row> {
  limit(limit: number): ListQuery<Row>;
  offset(offset: number): ListQuery<Row>;
  execute(): Promise<Row[]>;
}

/**
 * A staff queue (recharges, withdrawals, posts, submissions, feedback waiting for someone), oldest first:
 * every row for the command line, or with `paging` one page and how many wait in all for the console,
 * paged in SQL however many there are. `waiting` is the filtered table (counted), `list` the same rows
 * with the list's joins, columns and order.
 */
export async function queuePage<DB, TB extends keyof DB, Row>(
  waiting: SelectQueryBuilder<DB, TB, object>,
  list: ListQuery<Row>,
  paging?: Paging,
): Promise<{ total: number; rows: Row[] }> {
  const rows = await (paging ? list.limit(paging.pageSize).offset((paging.pageNum - 1) * paging.pageSize) : list).execute();
  if (!paging) return { total: rows.length, rows };
  const counted = await waiting.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { total: Number((counted as { n: string | number }).n), rows };
}
