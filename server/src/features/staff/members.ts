import type { AdminMember, AdminMemberRow, MemberSearch } from '@rigshare/api-schema';
import { phoneCountry, type Page } from '@rigshare/domain';
import { sql } from 'kysely';
import type { AppDeps } from '../../types';
import { countedPage } from '../../db/paging';
import { toMicro } from '../../db/schema';
import { memberBalances } from '../../ledger/accounts';
import { OperatorError } from '../../operator-error';
import { teamInfo } from '../team';

const RECENT_ORDERS = 10;
const RECENT_RECORDS = 20;

/**
 * Members whose id is `q` or whose phone starts with it (every member when empty), newest first, paged in
 * SQL. Phones are stored in E.164: "98765" finds national numbers of the default country starting so and
 * international ones "+98765...", "+4477" only the latter.
 */
export async function searchMembers(deps: AppDeps, query: MemberSearch): Promise<Page<AdminMemberRow>> {
  const db = deps.db.kysely;
  const q = (query.q ?? '').trim();
  let matching = db.selectFrom('users');
  if (q) {
    const id = /^[0-9]{1,9}$/.test(q) ? Number(q) : null;
    // Escape LIKE's wildcards: a phone prefix is matched literally.
    const literal = q.replace(/^\+/, '').replace(/[\\%_]/g, (c) => `\\${c}`);
    const homeDial = phoneCountry(deps.config.phoneDefaultRegion)?.dialCode;
    const starts = [`+${literal}%`, ...(q.startsWith('+') || !homeDial ? [] : [`${homeDial}${literal}%`])];
    matching = matching.where((eb) =>
      eb.or([...(id ? [eb('users.id', '=', id)] : []), ...starts.map((start) => eb('users.phone', 'like', sql<string>`${start} ESCAPE '\\'`))]),
    );
  }
  const list = matching
    .leftJoin('ledger_accounts', (join) => join.onRef('ledger_accounts.owner_user_id', '=', 'users.id').on('ledger_accounts.kind', '=', 'member.available'))
    .select(['users.id', 'users.phone', 'users.name', 'users.created_at', 'users.frozen_at', 'users.frozen_reason', 'ledger_accounts.balance'])
    .orderBy('users.id', 'desc');
  const { total, rows } = await countedPage(matching, list, query);
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      name: r.name,
      createdAt: r.created_at,
      available: toMicro(r.balance ?? 0).toString(),
      frozenAt: r.frozen_at,
      frozenReason: r.frozen_reason,
    })),
  };
}

/** One member as support sees them: balances, orders, the latest ledger records, team size, frozen state. */
export async function memberDetail(deps: AppDeps, memberId: number): Promise<AdminMember> {
  const db = deps.db.kysely;
  const member = await db
    .selectFrom('users')
    .select(['id', 'phone', 'name', 'invite_code', 'email', 'created_at', 'frozen_at', 'frozen_reason'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!member) throw new OperatorError(`No member ${memberId}`);
  const accounts = db.selectFrom('ledger_accounts').select('id').where('owner_user_id', '=', memberId);
  const [balances, orderCount, orders, records, team] = await Promise.all([
    memberBalances(db, memberId),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', memberId).executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .innerJoin('products', 'products.id', 'orders.product_id')
      .select(['orders.id', 'products.name', 'orders.quantity', 'orders.amount', 'orders.status', 'orders.created_at'])
      .where('orders.user_id', '=', memberId)
      .orderBy('orders.id', 'desc')
      .limit(RECENT_ORDERS)
      .execute(),
    db
      .selectFrom('ledger_transfers')
      .select(['id', 'type', 'description', 'amount', 'created_at', 'debit_account_id', 'credit_account_id'])
      .where((eb) => eb.or([eb('debit_account_id', 'in', accounts), eb('credit_account_id', 'in', accounts)]))
      .orderBy('id', 'desc')
      .limit(RECENT_RECORDS)
      .execute(),
    teamInfo(deps, memberId),
  ]);
  const own = new Set((await accounts.execute()).map((a) => a.id));
  return {
    id: member.id,
    phone: member.phone,
    name: member.name,
    inviteCode: member.invite_code,
    email: member.email,
    createdAt: member.created_at,
    frozenAt: member.frozen_at,
    frozenReason: member.frozen_reason,
    balances: {
      available: balances['member.available'].toString(),
      held: balances['member.held'].toString(),
      pendingIncome: balances['member.pending_income'].toString(),
    },
    orders: {
      total: Number(orderCount.n),
      recent: orders.map((o) => ({ id: o.id, product: o.name, quantity: o.quantity, amount: toMicro(o.amount).toString(), status: o.status, createdAt: o.created_at })),
    },
    records: records.map((r) => {
      const amount = toMicro(r.amount);
      // A move between two of the member's own accounts (e.g. a takeout) is neither in nor out: shown as received.
      const leaves = own.has(r.debit_account_id) && !own.has(r.credit_account_id);
      return { id: r.id, type: r.type, description: r.description, amount: (leaves ? -amount : amount).toString(), at: r.created_at };
    }),
    team: team.counts,
  };
}
