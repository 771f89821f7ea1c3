import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../db/schema';
import { AppError } from '../../errors';
import { memberBalances } from '../../ledger/accounts';
import { field, ok } from '../../plugins/envelope';
import { paging } from '../../plugins/paging';
import { RECORD_STATUSES } from '@rigshare/domain';
import { hasUsedExchange } from '../exchange/service';
import { memberRecords, recordTypeOf, type RecordFilter } from '../income/service';
import { getAddress, getBankCard, payChannels, saveAddress, saveBankCard } from './bindings';
import { createCashDeposit, memberDeposits } from './deposits';
import { hasPayPassword, holdUntil, sendPayPasswordCode, updatePayPassword } from './security';
import { createWithdrawal, memberWithdrawals, quote, withdrawInfo } from './withdrawals';

/** Fund password (host /api/user). */
export async function fundPasswordRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const auth = { preHandler: app.authenticate };

  app.post('/user/has-paypass', auth, async (request) =>
    ok(request, { hasPayPassword: await hasPayPassword(deps.db.kysely, request.member!.id) }),
  );

  app.post('/auth/paypwd-code', auth, async (request) => {
    await app.limits.codePerIp(request);
    await sendPayPasswordCode(deps, request.member!.id, {
      captchaId: field(request.body, 'captchaId'),
      captchaCode: field(request.body, 'captchaCode'),
      locale: request.locale,
    });
    return ok(request, null);
  });

  app.post('/auth/update-paypwd', auth, async (request) => {
    const b = request.body;
    await updatePayPassword(deps, request.member!.id, {
      smsCode: field(b, 'smsCode'),
      payPassword: field(b, 'payPassword'),
      confirmPayPassword: field(b, 'confirmPayPassword'),
    });
    return ok(request, null);
  });
}

/**
 * The member's money in each state under its own name. The ledger's held account carries two kinds of
 * money (ledger:check proves it is exactly these two): withdrawals waiting for staff, and income taken
 * out that the settlement job has not moved to available yet. `held` stays their sum.
 */
export async function walletBalance(db: Kysely<Database>, userId: number, holdHours: number, now: Date) {
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
    currency: 'USDT',
    withdrawHoldUntil: until ? until.toISOString() : null,
    exchangeUsed: await hasUsedExchange(db, userId),
  };
}

/** Address book, bank card, channels, balance, records, withdrawals and recharges (host /api/assets). */
export async function walletFeatureRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.get('/user/address', auth, async (request) => ok(request, await getAddress(db, request.member!.id)));
  for (const [path, replace] of [
    ['/user/addAddress', false],
    ['/user/address/replace', true],
  ] as const) {
    app.post(path, auth, async (request) => {
      const b = request.body;
      const address = await saveAddress(
        deps.db,
        request.member!.id,
        { currency: field(b, 'currency'), chain: field(b, 'chain'), address: field(b, 'address'), replace },
        deps.clock(),
      );
      return ok(request, address);
    });
  }

  app.get('/user/bank', auth, async (request) => ok(request, await getBankCard(db, request.member!.id)));
  app.post('/user/bank/modify', auth, async (request) => {
    const b = request.body;
    const card = await saveBankCard(
      deps.db,
      request.member!.id,
      { holderName: field(b, 'holderName'), bankName: field(b, 'bankName'), accountNumber: field(b, 'accountNumber'), ifsc: field(b, 'ifsc') },
      deps.clock(),
    );
    return ok(request, card);
  });

  app.get('/system/pay/config/banks', auth, async (request) => ok(request, await payChannels(db, request.locale)));

  app.get('/user/balance', auth, async (request) =>
    ok(request, await walletBalance(db, request.member!.id, deps.config.withdrawHoldHours, deps.clock())),
  );

  app.get<{ Querystring: { type?: string; status?: string } }>('/user/record', auth, async (request) => {
    const filter: RecordFilter = {};
    const type = (request.query.type ?? '').trim();
    const status = (request.query.status ?? '').trim();
    if (type) {
      filter.type = recordTypeOf(type);
      if (!filter.type) throw new AppError(400, 'badRequest');
    }
    if (status) {
      filter.status = RECORD_STATUSES.find((s) => s === status);
      if (!filter.status) throw new AppError(400, 'badRequest');
    }
    return ok(request, await memberRecords(db, request.member!.id, paging(request.query), request.locale, filter));
  });

  app.get('/user/withrecord', auth, async (request) => ok(request, await memberWithdrawals(db, request.member!.id, paging(request.query))));

  app.post('/user/withdraw/quote', auth, async (request) =>
    ok(request, quote({ channel: field(request.body, 'channel'), amount: field(request.body, 'amount') })),
  );

  app.get<{ Querystring: { channel?: string } }>('/user/withdraw/info', auth, async (request) =>
    ok(request, withdrawInfo(String(request.query.channel ?? ''), request.locale)),
  );

  app.post('/user/withdraw', auth, async (request) => {
    const b = request.body;
    const withdrawal = await createWithdrawal(deps, request.member!.id, {
      channel: field(b, 'channel'),
      amount: field(b, 'amount'),
      payPassword: field(b, 'payPassword'),
      requestId: field(b, 'requestId'),
    });
    return ok(request, withdrawal);
  });

  app.post('/user/cashrecharge', auth, async (request) => {
    const b = request.body;
    const deposit = await createCashDeposit(deps, request.member!.id, {
      bankId: field(b, 'bankId'),
      amount: field(b, 'amount'),
      reference: field(b, 'reference'),
      requestId: field(b, 'requestId'),
    });
    return ok(request, deposit);
  });

  app.get('/user/cashrecharge/list', auth, async (request) => ok(request, await memberDeposits(db, request.member!.id, paging(request.query))));
}
