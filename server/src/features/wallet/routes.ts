import { walletSchemas as schemas } from '@rigshare/api-schema';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { memberBalances } from '../../ledger/accounts';
import { typed } from '../../plugins/contract';
import { ok } from '../../plugins/envelope';
import { RECORD_STATUSES } from '@rigshare/domain';
import { alertSecurityChange } from '../accounts';
import { hasUsedExchange } from '../exchange';
import { memberRecords, recordTypeOf, type RecordFilter } from '../income';
import { deleteBinding, getAddress, getBankCard, payChannels, saveAddress, saveBankCard } from './bindings';
import { createCashDeposit, memberDeposits } from './deposits';
import { hasPayPassword, holdUntil, sendPayPasswordCode, updatePayPassword } from './security';
import { fundPasswordLockedUntil } from './fund-password-tries';
import { recordPeriodOf } from './record-period';
import { createWithdrawal, memberWithdrawals, quote, withdrawInfo } from './withdrawals/member';

/** Fund password (host /api/user). */
export async function fundPasswordRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.post('/user/has-paypass', { ...auth, schema: schemas.hasPayPassword }, async (request) =>
    ok(request, { hasPayPassword: await hasPayPassword(deps.db.kysely, request.member!.id) }),
  );

  app.post('/auth/paypwd-code', { ...auth, schema: schemas.payPasswordCode }, async (request) => {
    await app.limits.codePerIp(request);
    await sendPayPasswordCode(deps, request.member!.id, {
      captchaId: request.body.captchaId,
      captchaCode: request.body.captchaCode,
      locale: request.locale,
    });
    return ok(request, null);
  });

  app.post('/auth/update-paypwd', { ...auth, schema: schemas.updatePayPassword }, async (request) => {
    const b = request.body;
    await updatePayPassword(deps, request.member!.id, {
      smsCode: b.smsCode,
      payPassword: b.payPassword,
      confirmPayPassword: b.confirmPayPassword,
    });
    await alertSecurityChange(deps, request.member!.id, 'fundPassword', request.locale);
    return ok(request, null);
  });
}

/**
 * The member's money in each state under its own name. The ledger's held account carries two kinds of
 * money (ledger:check proves it is exactly these two): withdrawals waiting for staff, and income taken
 * out that the settlement job has not moved to available yet. `held` stays their sum.
 */
export async function walletBalance(db: Kysely<Database>, userId: number, limits: { holdHours: number; fundPasswordMaxFailures: number }, now: Date) {
  const { holdHours } = limits;
  const b = await memberBalances(db, userId);
  const member = await db.selectFrom('users').select('withdraw_hold_from').where('id', '=', userId).executeTakeFirst();
  const until = holdUntil(member?.withdraw_hold_from ?? null, holdHours, now);
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.sum<string | number | null>('amount').as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  const heldForWithdrawals = toMicro(withdrawals?.total ?? 0);
  const held = b['member.held'];
  return {
    available: b['member.available'].toString(),
    pendingIncome: b['member.pending_income'].toString(),
    /** Taken-out income on its way to available (the settlement job moves it). */
    incomeArriving: (held > heldForWithdrawals ? held - heldForWithdrawals : 0n).toString(),
    /** Withdrawals waiting for staff to pay them out. */
    heldForWithdrawals: heldForWithdrawals.toString(),
    held: held.toString(),
    currency: 'USDT' as const,
    withdrawHoldUntil: until ? until.toISOString() : null,
    fundPasswordLockedUntil: await fundPasswordLockedUntil(db, userId, limits.fundPasswordMaxFailures, now),
    exchangeUsed: await hasUsedExchange(db, userId),
  };
}

/** Address book, bank card, channels, balance, records, withdrawals and recharges (host /api/assets). */
export async function walletFeatureRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typed(fastify);
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/user/address', { ...auth, schema: schemas.address }, async (request) => ok(request, await getAddress(db, request.member!.id)));
  for (const [path, replace] of [
    ['/user/addAddress', false],
    ['/user/address/replace', true],
  ] as const) {
    app.post(path, { ...auth, schema: schemas.saveAddress }, async (request) => {
      const b = request.body;
      const address = await saveAddress(
        deps.db,
        request.member!.id,
        { currency: b.currency, chain: b.chain, address: b.address, replace },
        deps.clock(),
      );
      await alertSecurityChange(deps, request.member!.id, 'withdrawAddress', request.locale);
      return ok(request, address);
    });
  }

  app.get('/user/bank', { ...auth, schema: schemas.bank }, async (request) => ok(request, await getBankCard(db, request.member!.id)));
  app.post('/user/bank/modify', { ...auth, schema: schemas.saveBank }, async (request) => {
    const b = request.body;
    const card = await saveBankCard(
      deps.db,
      request.member!.id,
      { holderName: b.holderName, bankName: b.bankName, accountNumber: b.accountNumber, ifsc: b.ifsc },
      deps.clock(),
    );
    await alertSecurityChange(deps, request.member!.id, 'bankCard', request.locale);
    return ok(request, card);
  });

  for (const [path, kind] of [
    ['/user/address/delete', 'address'],
    ['/user/bank/delete', 'bank'],
  ] as const) {
    app.post(path, { ...auth, schema: schemas.deleteBinding }, async (request) => {
      const deleted = await deleteBinding(deps.db, request.member!.id, kind, request.body.id, deps.clock());
      if (deleted) await alertSecurityChange(deps, request.member!.id, kind === 'address' ? 'withdrawAddress' : 'bankCard', request.locale);
      return ok(request, { deleted });
    });
  }

  app.get('/system/pay/config/banks', { ...auth, schema: schemas.payChannels }, async (request) => ok(request, await payChannels(db, request.locale)));

  app.get('/user/balance', { ...auth, schema: schemas.balance }, async (request) =>
    ok(
      request,
      await walletBalance(db, request.member!.id, { holdHours: deps.config.withdrawHoldHours, fundPasswordMaxFailures: deps.config.rateLimits.fundPassword.maxFailures }, deps.clock()),
    ),
  );

  app.get('/user/record', { ...auth, schema: schemas.records }, async (request) => {
    const filter: RecordFilter = {};
    const type = (request.query.type ?? '').trim();
    const status = (request.query.status ?? '').trim();
    if (type) {
      filter.type = recordTypeOf(type);
      if (!filter.type) throw new AppError(400, 'recordKindInvalid');
    }
    if (status) {
      filter.status = RECORD_STATUSES.find((s) => s === status);
      if (!filter.status) throw new AppError(400, 'badRequest');
    }
    filter.period = await recordPeriodOf(db, request.member!.id, request.query);
    return ok(request, await memberRecords(db, request.member!.id, request.query, request.locale, filter));
  });

  app.get('/user/withrecord', { ...auth, schema: schemas.withdrawals }, async (request) => {
    const memberId = request.member!.id;
    const filter = { channel: request.query.channel || undefined, period: await recordPeriodOf(db, memberId, request.query) };
    return ok(request, await memberWithdrawals(db, memberId, request.query, filter));
  });

  app.post('/user/withdraw/quote', { ...auth, schema: schemas.withdrawQuote }, async (request) =>
    ok(request, quote({ channel: request.body.channel, amount: request.body.amount })),
  );

  app.get('/user/withdraw/info', { ...auth, schema: schemas.withdrawInfo }, async (request) =>
    ok(request, withdrawInfo(String(request.query.channel ?? ''), request.locale)),
  );

  app.post('/user/withdraw', { preHandler: [app.authenticate, app.refuseFrozen], schema: schemas.withdraw }, async (request) =>
    ok(request, await createWithdrawal(deps, request.member!.id, request.body)),
  );

  app.post('/user/cashrecharge', { ...auth, schema: schemas.cashRecharge }, async (request) =>
    ok(request, await createCashDeposit(deps, request.member!.id, request.body)),
  );

  app.get('/user/cashrecharge/list', { ...auth, schema: schemas.cashRecharges }, async (request) => ok(request, await memberDeposits(db, request.member!.id, request.query)));
}
