import { adminSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import { countedPage, pageOf } from '../../db/paging';
import { toMicro } from '../../db/schema';
import { adjust } from '../../ledger/operator';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { closeExchangeCode, createExchangeCode, exchangeCodes, type ExchangeCodeSummary } from '../exchange';
import { routeOf } from './guard';
import { budgetCoverage, BUDGETS, type BudgetName } from './overview';
import { actedBy, refusing } from './route-kit';

/** The ledger transfer types staff make: adjustments and the funding of the pool and the budget. */
const STAFF_TRANSFER_TYPES = ['Adjustment', 'Mining Revenue', 'Rewards Budget', 'Promotions Budget'];

const codeView = (c: ExchangeCodeSummary) => ({
  code: c.code,
  status: c.status,
  amount: c.amount.toString(),
  budget: c.budget.toString(),
  remaining: c.remaining.toString(),
  redemptions: c.redemptions,
  reason: c.reason,
  createdAt: c.createdAt,
});

/**
 * /admin/money (besides funding, in routes.ts) and /admin/usdt-deposits: adjustments, exchange codes, the
 * transfers staff made, the deposits the chain watcher saw. The services are the command line's.
 */
export function moneyRoutes(fastify: FastifyInstance): void {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db;

  app.post(routeOf('moneyAdjust').url, { config: routeOf('moneyAdjust').config, schema: schemas.moneyAdjust }, async (request) => {
    const { member, direction, amount, reason, requestId } = request.body;
    const t = await refusing(() => adjust(db, { memberId: member, direction, amount, reason, key: `adjustment:console:${requestId}`, at: deps.clock(), actor: actedBy(request) }));
    return ok(request, { transferId: t.id, amount: t.amount.toString(), balanceAfter: t.balanceAfter.toString() });
  });

  app.get(routeOf('moneyBudgets').url, { config: routeOf('moneyBudgets').config, schema: schemas.moneyBudgets }, async (request) => {
    const now = deps.clock();
    return ok(request, await Promise.all((Object.keys(BUDGETS) as BudgetName[]).map((name) => budgetCoverage(db.kysely, name, now))));
  });

  app.get(routeOf('moneyTransfers').url, { config: routeOf('moneyTransfers').config, schema: schemas.moneyTransfers }, async (request) => {
    const base = db.kysely.selectFrom('ledger_transfers as t').where('t.type', 'in', STAFF_TRANSFER_TYPES);
    const list = base
      .leftJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
      .leftJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select(['t.id', 't.type', 't.amount', 't.reason', 't.created_at', 'd.owner_user_id as debitOwner', 'c.owner_user_id as creditOwner'])
      .orderBy('t.id', 'desc');
    const { total, rows } = await countedPage(base, list, request.query);
    return ok(request, { total, list: rows.map((r) => ({ id: r.id, type: r.type, amount: toMicro(r.amount).toString(), reason: r.reason, member: r.debitOwner ?? r.creditOwner ?? null, at: r.created_at })) });
  });

  app.get(routeOf('exchangeCodes').url, { config: routeOf('exchangeCodes').config, schema: schemas.exchangeCodes }, async (request) => {
    // Codes are few (staff create them one by one): the list is read whole and paged here.
    const { total, list } = pageOf(await exchangeCodes(db.kysely), request.query);
    return ok(request, { total, list: list.map(codeView) });
  });
  app.post(routeOf('exchangeCodeCreate').url, { config: routeOf('exchangeCodeCreate').config, schema: schemas.exchangeCodeCreate }, async (request) => {
    const c = await refusing(() => createExchangeCode(db, { ...request.body, at: deps.clock(), actor: actedBy(request) }));
    return ok(request, codeView(c));
  });
  app.post(routeOf('exchangeCodeClose').url, { config: routeOf('exchangeCodeClose').config, schema: schemas.exchangeCodeClose }, async (request) => {
    const c = await refusing(() => closeExchangeCode(db, { code: request.params.code, at: deps.clock(), actor: actedBy(request) }));
    return ok(request, codeView(c));
  });

  app.get(routeOf('usdtDeposits').url, { config: routeOf('usdtDeposits').config, schema: schemas.usdtDeposits }, async (request) => {
    const deposits = db.kysely.selectFrom('chain_deposits as d');
    const seen = deposits
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.id', 'u.phone', 'd.address', 'd.amount', 'd.tx_hash', 'd.block_number', 'd.status', 'd.created_at', 'd.arrived_at'])
      .orderBy('d.id', 'desc');
    const { total, rows } = await countedPage(deposits, seen, request.query);
    const list = rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      address: r.address,
      amount: toMicro(r.amount).toString(),
      txHash: r.tx_hash,
      blockNumber: String(r.block_number),
      status: r.status,
      seenAt: r.created_at,
      arrivedAt: r.arrived_at,
    }));
    return ok(request, { total, list });
  });
}
