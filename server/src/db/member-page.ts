import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';

export interface Paging {
  pageNum: number;
  pageSize: number;
}

/** Tables of a member's own rows, numbered by id (withdrawals, deposits, ...). */
type MemberTable = { [T in keyof Database]: Database[T] extends { id: unknown; user_id: unknown } ? T : never }[keyof Database];

/** One page of a member's rows of `table`, newest first, with how many there are in all. */
export async function memberRowsPage<T extends MemberTable>(
  k: Kysely<Database>,
  table: T,
  userId: number,
  paging: Paging,
): Promise<{ total: number; rows: Selectable<Database[T]>[] }> {
  // Kysely cannot type a query over a generic table name; every MemberTable has the two columns used.
  const base = k.selectFrom(table as 'withdrawals').where('user_id', '=', userId);
  const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
    .execute();
  return { total: Number(total.n), rows: rows as unknown as Selectable<Database[T]>[] };
}

/** Tables whose rows are numbered by id (news, notices, carousel, ...). */
type IdTable = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/** One page of a whole table's rows, newest first, with how many there are in all (staff lists). */
export async function latestRowsPage<T extends IdTable>(k: Kysely<Database>, table: T, paging: Paging): Promise<{ total: number; rows: Selectable<Database[T]>[] }> {
  // As above: one concrete table stands in for the generic name; every IdTable has an id.
  const base = k.selectFrom(table as 'news');
  const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.pageNum - 1) * paging.pageSize)
    .execute();
  return { total: Number(total.n), rows: rows as unknown as Selectable<Database[T]>[] };
}
