import { parseAmount } from '@rigshare/domain';
import { runAccrual, DAY_MS } from '../src/jobs/accrual';
import { runSettlement } from '../src/jobs/settlement';
import { memberBalances, platformAccountId } from '../src/ledger/accounts';
import { postOperation, reverseOperation } from '../src/ledger/ledger';
import { adjust, fundPool } from '../src/ledger/operator';
import { addProduct as addTestProduct, asMember, getAs, ledgerCheckedApp, login, MANY_MEMBERS, post, signedInMember, testDatabases } from './helpers';

const usdt = (text: string) => parseAmount(text).toString();

describe.each(testDatabases())('ledger, orders and income on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);

  const get = (url: string, token: string, headers: Record<string, string> = {}) => getAs(ctx, url, token, headers);

  const addProduct = (p: Parameters<typeof addTestProduct>[1]) => addTestProduct(ctx, p);

  let requestSeq = 0;
  const buy = (token: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(ctx.app, '/api/orders/mine/order/create', { agree: '1', quantity: '1', requestId: `req-${process.pid}-${++requestSeq}`, ...fields }, { ...asMember(token), ...headers });

  it('seeds the demo balance and the revenue pool through the ledger', async () => {
    const token = await login(ctx, '9000000001', 'Demo12345');
    const wallet = (await get('/api/assets/user/balance', token)).json().data;
    expect(wallet).toMatchObject({ available: usdt('1000'), pendingIncome: '0', incomeArriving: '0', heldForWithdrawals: '0', held: '0', currency: 'USDT' });
    const records = (await get('/api/receive/income/records', token)).json().data;
    expect(records.list[0]).toMatchObject({ type: 'Adjustment', amount: usdt('1000'), description: 'Demo balance', status: 'Succeeded' });
    const rate = await get('/api/receive/exchangeRate/get?currency=INR', token);
    expect(rate.json().data).toMatchObject({ currency: 'INR', rate: '83.20', source: 'operator' });
    expect((await get('/api/receive/exchangeRate/get?currency=XYZ', token)).statusCode).toBe(404);
  });

  it('200 concurrent purchases with money for 50 leave exactly 50 orders and a zero balance', async () => {
    const productId = await addProduct({ price: '7', dayReturn: '0.1', validDays: 30, offered: 1000 });
    const member = await signedInMember(ctx, '350');
    const replies = await Promise.all(Array.from({ length: 200 }, () => buy(member.token, { productId: String(productId) })));
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 400)).toHaveLength(150);
    expect(replies.find((r) => r.json().code === 400)!.json().msg).toBe('Greater than available balance');
    const balances = await memberBalances(ctx.db.kysely, member.id);
    expect(balances['member.available']).toBe(0n);
    const orders = await ctx.db.kysely.selectFrom('orders').select('id').where('user_id', '=', member.id).execute();
    expect(orders).toHaveLength(50);
    const product = await ctx.db.kysely.selectFrom('products').select('units_sold').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(product.units_sold).toBe(50);
  });

  it('never oversells units under concurrent buys from several members', async () => {
    const productId = await addProduct({ price: '1', dayReturn: '0.01', validDays: 10, offered: 7 });
    const members = await Promise.all([signedInMember(ctx, '100'), signedInMember(ctx, '100'), signedInMember(ctx, '100')]);
    const replies = await Promise.all(members.flatMap((m) => Array.from({ length: 6 }, () => buy(m.token, { productId: String(productId) }))));
    const ok = replies.filter((r) => r.json().code === 200);
    expect(ok).toHaveLength(7);
    const refused = replies.filter((r) => r.json().code !== 200);
    expect(refused.every((r) => r.statusCode === 409)).toBe(true);
    const product = await ctx.db.kysely.selectFrom('products').select(['units_sold', 'status']).where('id', '=', productId).executeTakeFirstOrThrow();
    expect(product).toEqual({ units_sold: 7, status: 3 });
    const again = await buy(members[0].token, { productId: String(productId) }, { language: 'de_DE' });
    expect(again.json()).toMatchObject({ code: 409, msg: 'Dieses Produkt ist ausverkauft' });
  });

  it('makes one order for a retried purchase and refuses the same key for different content', async () => {
    const productId = await addProduct({ price: '10', dayReturn: '0.5', validDays: 20, offered: 100 });
    const member = await signedInMember(ctx, '100');
    const fields = { productId: String(productId), quantity: '2', requestId: 'retry-key-0001' };
    const replies = await Promise.all([buy(member.token, fields), buy(member.token, fields), buy(member.token, fields)]);
    const ids = new Set(replies.map((r) => r.json().data.id));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(parseAmount('80'));
    const other = await buy(member.token, { ...fields, quantity: '3' });
    expect(other.json()).toMatchObject({ code: 409, msg: 'This request was already used for a different purchase' });
    const order = replies[0].json().data;
    expect(order).toMatchObject({
      quantity: 2,
      price: usdt('10'),
      amount: usdt('20'),
      dailyIncome: usdt('1'),
      walletotal: usdt('20'),
      validDays: 20,
      status: 'Valid',
      daysPaid: 1,
      earned: usdt('1'),
    });
  });

  it('checks agreement, sale window, maxBuy, coupon and balance in order', async () => {
    const member = await signedInMember(ctx, '50');
    const noAgree = await post(ctx.app, '/api/orders/mine/order/create', { productId: '1', quantity: '1', requestId: 'no-agree-001' }, asMember(member.token));
    expect(noAgree.json()).toMatchObject({ code: 400, msg: 'Please agree to the lease agreement first' });
    expect((await buy(member.token, { productId: '4' })).json()).toMatchObject({ code: 409, msg: 'This product is not on sale yet' });
    const lastUnit = await addProduct({ price: '1', dayReturn: '0.01', validDays: 5, offered: 1 });
    expect((await buy(member.token, { productId: String(lastUnit) })).json().code).toBe(200);
    expect((await buy(member.token, { productId: String(lastUnit) })).json()).toMatchObject({ code: 409, msg: 'This product is sold out' });
    const limited = await addProduct({ price: '1', dayReturn: '0.01', validDays: 5, offered: 100, maxBuy: 2 });
    expect((await buy(member.token, { productId: String(limited), quantity: '2' })).json().code).toBe(200);
    expect((await buy(member.token, { productId: String(limited) })).json()).toMatchObject({ code: 409, msg: 'Purchase limit reached for this product' });
    expect((await buy(member.token, { productId: '1', couponId: '1' })).json()).toMatchObject({ code: 400, msg: 'This coupon cannot be used for this purchase' });
    expect((await buy(member.token, { productId: '1' }, { language: 'es_ES' })).json()).toMatchObject({ code: 400, msg: 'Supera el saldo disponible' });
  });

  it('applies a received coupon as a second leg paid by rewards expense', async () => {
    const member = await signedInMember(ctx, '100');
    expect((await get('/api/orders/coupon/isOpen', member.token)).json().data).toEqual({ open: true });
    const receivable = (await get('/api/orders/coupon/productCoupons?productId=1', member.token)).json().data;
    expect(receivable.map((c: { name: string }) => c.name)).toContain('New member 5 USDT off');
    // Without a product: every coupon still to receive, for any product.
    const everything = (await get('/api/orders/coupon/productCoupons', member.token)).json().data;
    const names = (list: { name: string }[]) => list.map((c) => c.name);
    expect(names(receivable)).not.toContain('20 USDT off Antminer L7 share');
    expect(names(everything)).toEqual(expect.arrayContaining([...names(receivable), '20 USDT off Antminer L7 share']));
    const received = await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: '1' }, asMember(member.token));
    expect(received.json().data).toMatchObject({ id: 1, state: 'received', amount: usdt('5'), minSpend: usdt('100') });
    expect((await post(ctx.app, '/api/orders/coupon/receiveCoupon', { couponId: '1' }, asMember(member.token))).statusCode).toBe(409);
    expect((await get('/api/orders/coupon/queryPruductCouponData?productId=1', member.token)).json().data).toMatchObject({ usable: 1, bestAmount: usdt('5') });

    const order = (await buy(member.token, { productId: '1', couponId: '1' })).json().data;
    expect(order).toMatchObject({ amount: usdt('95'), couponAmount: usdt('5'), price: usdt('100') });
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(parseAmount('5'));
    const used = (await get('/api/orders/coupon/all?state=used', member.token)).json().data;
    expect(used.list).toHaveLength(1);
    const legs = await ctx.db.kysely.selectFrom('ledger_transfers').select(['type', 'amount']).where('operation_key', 'like', `order:${member.id}:%`).orderBy('id').execute();
    expect(legs.map((l) => [l.type, String(l.amount)])).toEqual([['Buy Machine', usdt('95')], ['Coupon', usdt('5')]]);
  });

  it('gives a new member one free first-day income, once', async () => {
    const productId = await addProduct({ price: '2', dayReturn: '0.3', validDays: 3, offered: 100 });
    const member = await signedInMember(ctx, '10');
    await buy(member.token, { productId: String(productId) });
    await buy(member.token, { productId: String(productId) });
    const summary = (await get('/api/receive/income/summary', member.token)).json().data;
    expect(summary).toMatchObject({ pendingIncome: usdt('0.3'), delayedDays: 0, todayTakeoutAvailable: true });
    const records = (await get('/api/receive/income/records', member.token)).json().data.list;
    const bonus = records.filter((r: { type: string }) => r.type === 'Bonus');
    expect(bonus).toEqual([expect.objectContaining({ amount: usdt('0.3'), description: 'Free first-day income for new members' })]);
  });

  it('accrues once per 24 h, once even when run twice or by two processes at once, then expires', async () => {
    const productId = await addProduct({ price: '5', dayReturn: '0.25', validDays: 2, offered: 100 });
    const member = await signedInMember(ctx, '20');
    await buy(member.token, { productId: String(productId) }); // first order: day 1 free
    const second = (await buy(member.token, { productId: String(productId), quantity: '2' })).json().data;
    const pendingBefore = (await memberBalances(ctx.db.kysely, member.id))['member.pending_income'];

    ctx.advance(DAY_MS + 1000);
    const other = ctx.reopen();
    try {
      const [a, b] = await Promise.all([runAccrual(ctx.db, ctx.clock()), runAccrual(other, ctx.clock())]);
      // Earlier tests in this file may leave days due too; what matters is one run paid and the other none.
      expect(a.paidDays + b.paidDays).toBeGreaterThanOrEqual(1);
      expect(Math.min(a.paidDays, b.paidDays)).toBe(0);
    } finally {
      await other.kysely.destroy();
    }
    const again = await runAccrual(ctx.db, ctx.clock());
    expect(again.paidDays).toBe(0);
    // day 1 of the second order (2 x 0.25); day 1 of the first was the free one
    const pendingAfter = (await memberBalances(ctx.db.kysely, member.id))['member.pending_income'];
    expect(pendingAfter - pendingBefore).toBe(parseAmount('0.5'));

    ctx.advance(DAY_MS);
    await runAccrual(ctx.db, ctx.clock());
    const days = (await get(`/api/orders/mine/order/subrecord?orderId=${second.id}`, member.token)).json().data;
    expect(days.list.map((d: { day: number; status: string }) => [d.day, d.status])).toEqual([[1, 'Paid'], [2, 'Paid']]);
    const expired = (await get('/api/orders/mine/order/record?status=Expired', member.token)).json().data;
    expect(expired.list.map((o: { id: number }) => o.id)).toContain(second.id);
    const totals = (await get('/api/orders/mine/order/totalrecord', member.token)).json().data;
    expect(totals).toMatchObject({ invested: usdt('15'), earned: usdt('1.5') });

    // One order by id, for its owner only; another member is told it does not exist.
    const detail = await get(`/api/orders/mine/order/detail?id=${second.id}`, member.token);
    expect(detail.json().data).toMatchObject({ id: second.id, status: 'Expired', daysPaid: 2 });
    const stranger = await signedInMember(ctx, '1');
    const foreign = await get(`/api/orders/mine/order/detail?id=${second.id}`, stranger.token);
    expect([foreign.statusCode, foreign.json().data]).toEqual([404, null]);
  });

  it('delays days the pool cannot cover, pays them in order once funded, and settles takeouts', async () => {
    const member = await signedInMember(ctx, '10');
    const none = await post(ctx.app, '/api/receive/income/takeout', { requestId: 'takeout-none-1' }, asMember(member.token));
    expect(none.json()).toMatchObject({ code: 400, msg: 'No profit available to withdraw today' });
    const productId = await addProduct({ price: '1', dayReturn: '0.2', validDays: 5, offered: 100 });
    await buy(member.token, { productId: String(productId) });
    // A second member's order a second later, whose day is more than the partial funding below: a day
    // still waits after it whatever earlier tests left (this test also runs alone).
    ctx.advance(1000);
    const later = await signedInMember(ctx, '10');
    const bigReturn = await addProduct({ price: '1', dayReturn: '1', validDays: 5, offered: 100 });
    await buy(later.token, { productId: String(bigReturn) });
    await runAccrual(ctx.db, ctx.clock()); // settle anything due before emptying the pool

    // Empty the pool with reversing transfers of everything that funded it.
    const pool = await platformAccountId(ctx.db.kysely, 'platform.revenue_pool');
    const balance = BigInt((await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', pool).executeTakeFirstOrThrow()).balance);
    const revenue = await platformAccountId(ctx.db.kysely, 'platform.mining_revenue');
    await ctx.db.kysely.transaction().execute((trx) =>
      postOperation(trx, ctx.db.dialect, {
        operationKey: `test:drain:${member.id}`,
        at: ctx.clock(),
        legs: [{ key: `test:drain:${member.id}`, debit: pool, credit: revenue, amount: balance, type: 'Reversal', description: 'test', reason: 'Test: pool emptied' }],
      }),
    );

    ctx.advance(2 * DAY_MS + 1000);
    const short = await runAccrual(ctx.db, ctx.clock());
    expect(short.paidDays).toBe(0);
    expect(short.delayedDays).toBeGreaterThanOrEqual(1);
    // Day 1 was the free first-day income; day 2 waits for mining revenue.
    const summary = (await get('/api/receive/income/summary', member.token, { language: 'fr_FR' })).json().data;
    expect(summary.delayedDays).toBe(1);
    expect(summary.delayReason).toBe("Les revenus de minage de ce jour n'ont pas encore été enregistrés");
    // The member's orders say the same: one day paid (the free first day), one waiting.
    const orders = () => get('/api/orders/mine/order/record?pageNum=1&pageSize=10', member.token);
    expect((await orders()).json().data.list[0]).toMatchObject({ daysPaid: 1, daysDelayed: 1, earned: usdt('0.2') });

    // Partial funding pays waiting days strictly in due order: nothing paid is due after something still waiting.
    await fundPool(ctx.db, { amount: '0.5', reason: 'Test revenue for part of a day', at: ctx.clock() });
    const partial = await runAccrual(ctx.db, ctx.clock());
    const paidNow = await ctx.db.kysely.selectFrom('income_accruals').select('due_ms').where('paid_run_id', '=', partial.runId).execute();
    const waiting = await ctx.db.kysely.selectFrom('income_accruals').select(['due_ms', 'user_id']).where('status', '=', 'Delayed').execute();
    expect(waiting.map((r) => r.user_id)).toContain(later.id);
    const lastPaid = Math.max(0, ...paidNow.map((r) => Number(r.due_ms)));
    expect(waiting.every((r) => Number(r.due_ms) >= lastPaid)).toBe(true);
    await fundPool(ctx.db, { amount: '1000', reason: 'Test revenue', at: ctx.clock() });
    await runAccrual(ctx.db, ctx.clock());
    const paid = (await get('/api/receive/income/summary', member.token)).json().data;
    expect(paid).toMatchObject({ delayedDays: 0, delayReason: null, pendingIncome: usdt('0.4') });
    expect((await orders()).json().data.list[0]).toMatchObject({ daysPaid: 2, daysDelayed: 0, earned: usdt('0.4') });

    const takeout = await post(ctx.app, '/api/receive/income/takeout', { requestId: 'takeout-ok-0001' }, asMember(member.token));
    expect(takeout.json()).toMatchObject({
      code: 200,
      msg: 'Income received, expected to arrive within 30 minutes',
      data: { type: 'Daily Income', status: 'Processing', amount: usdt('0.4') },
    });
    const replay = await post(ctx.app, '/api/receive/income/takeout', { requestId: 'takeout-ok-0001' }, asMember(member.token));
    expect(replay.json().data.id).toBe(takeout.json().data.id);
    expect(await memberBalances(ctx.db.kysely, member.id)).toMatchObject({ 'member.pending_income': 0n, 'member.held': parseAmount('0.4') });
    // A member with no withdrawal: the taken-out income is on its way, not held for withdrawals.
    expect((await get('/api/assets/user/balance', member.token)).json().data).toMatchObject({
      pendingIncome: '0',
      incomeArriving: usdt('0.4'),
      heldForWithdrawals: '0',
      held: usdt('0.4'),
    });
    expect((await runSettlement(ctx.db, ctx.clock())).settled).toBe(0);
    ctx.advance(31 * 60_000);
    expect((await runSettlement(ctx.db, ctx.clock())).settled).toBe(1);
    expect((await runSettlement(ctx.db, ctx.clock())).settled).toBe(0);
    expect(await memberBalances(ctx.db.kysely, member.id)).toMatchObject({ 'member.held': 0n, 'member.available': parseAmount('9.4') });
    const last = (await get('/api/receive/income/summary', member.token)).json().data.lastTakeout;
    expect(last).toMatchObject({ status: 'Arrived', amount: usdt('0.4') });
  });

  it('refuses an Adjustment debit below zero, needs a reason, and reverses instead of editing', async () => {
    const member = await signedInMember(ctx, '3');
    await expect(adjust(ctx.db, { phone: member.phone, amount: '4', reason: 'Too much', direction: 'debit', at: ctx.clock() })).rejects.toThrow(/below zero/);
    await expect(adjust(ctx.db, { phone: member.phone, amount: '1', reason: ' ', direction: 'credit', at: ctx.clock() })).rejects.toThrow(/reason/);
    const t = await adjust(ctx.db, { phone: member.phone, amount: '2', reason: 'Wrong credit', direction: 'credit', at: ctx.clock(), key: `adj-${member.id}` });
    const replay = await adjust(ctx.db, { phone: member.phone, amount: '2', reason: 'Wrong credit', direction: 'credit', at: ctx.clock(), key: `adj-${member.id}` });
    expect(replay.id).toBe(t.id);
    await expect(adjust(ctx.db, { phone: member.phone, amount: '3', reason: 'Other', direction: 'credit', at: ctx.clock(), key: `adj-${member.id}` })).rejects.toThrow(/different/);
    await ctx.db.kysely.transaction().execute((trx) => reverseOperation(trx, ctx.db.dialect, { operationKey: `adj-${member.id}`, reason: 'Credited by mistake', at: ctx.clock() }));
    expect((await memberBalances(ctx.db.kysely, member.id))['member.available']).toBe(parseAmount('3'));
  });

  it('serves the lease agreement with real figures, localized, without promises', async () => {
    const member = await signedInMember(ctx, null);
    const en = (await get('/api/orders/product/agreement?id=1', member.token)).json().data;
    expect(en).toMatchObject({ productId: 1, version: '2025-1', operatorName: 'Rigshare Operations Ltd.' });
    const text = JSON.stringify(en);
    expect(text).toContain('100.00 USDT');
    expect(text).toContain('1.80 USDT');
    expect(text).toContain('108.00 USDT');
    expect(en.sections.map((s: { heading: string }) => s.heading)).toContain('Risks');
    expect(text).not.toMatch(/guaranteed|risk-free/i);
    expect(text).toContain('operated by Rigshare Operations Ltd. Price');
    const de = (await get('/api/orders/product/agreement?id=1', member.token, { language: 'de_DE' })).json().data;
    expect(de.sections.map((s: { heading: string }) => s.heading)).toContain('Risiken');
    const card = (await ctx.app.inject({ method: 'GET', url: '/api/orders/product/detail?id=1' })).json().data;
    expect(card).toMatchObject({ unitsLeft: card.unitsOffered - card.unitsSold, agreementVersion: '2025-1' });
  });

  // Last in the file on purpose: it moves the accrual window ahead of the test clock.
  it('still accrues orders bought after a run that was told a later time', async () => {
    const productId = await addProduct({ price: '1', dayReturn: '0.1', validDays: 3, offered: 100 });
    const member = await signedInMember(ctx, '5');
    await buy(member.token, { productId: String(productId) }); // first order: day 1 free at purchase
    // An operator backfill (or a test) runs the job ten days ahead of the clock...
    await runAccrual(ctx.db, new Date(ctx.clock().getTime() + 10 * DAY_MS));
    // ...then the member buys again, and the next ordinary run comes a day later.
    const order = (await buy(member.token, { productId: String(productId) })).json().data;
    ctx.advance(DAY_MS + 1000);
    await runAccrual(ctx.db, ctx.clock());
    const days = (await get(`/api/orders/mine/order/subrecord?orderId=${order.id}`, member.token)).json().data;
    expect(days.list.map((d: { day: number; status: string }) => [d.day, d.status])).toEqual([[1, 'Paid']]);
  });
});
