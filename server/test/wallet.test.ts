import { parseAmount } from '@rigshare/domain';
import { confirmDeposit, rejectDeposit } from '../src/features/wallet/deposits';
import { migrationKit } from '../src/db/migrations/kit';
import { migration as usdtPayoutHashes } from '../src/db/migrations/0038-usdt-payout-hashes';
import { approveWithdrawal, rejectWithdrawal } from '../src/features/wallet/withdrawals/staff';
import { memberBalances, platformAccountId } from '../src/ledger/accounts';
import { OperatorError } from '../src/operator-error';
import { fundRewardsBudget, grantReward } from '../src/jobs/rewards';
import { AS_STAFF, asMember, getAs, lastSmsCode, ledgerCheckedApp, login, MANY_MEMBERS, post, signedInMember, solveCaptcha, testDatabases, type TestMember } from './helpers';

const usdt = (text: string) => parseAmount(text).toString();
const HOUR = 3_600_000;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const ADDRESS_2 = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const TX = '0x' + 'ab'.repeat(32);
let requestSeq = 0;

type Member = TestMember;

describe.each(testDatabases())('wallet on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);

  const get = (url: string, token: string, headers: Record<string, string> = {}) => getAs(ctx, url, token, headers);
  const postAs = (m: Member, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(ctx.app, url, fields, { ...asMember(m.token), ...headers });

  async function setFundPassword(m: Member, pin: string) {
    const captcha = await solveCaptcha(ctx);
    const sent = await postAs(m, '/api/user/auth/paypwd-code', captcha);
    expect(sent.json()).toMatchObject({ code: 200 });
    const smsCode = await lastSmsCode(ctx, m.phone);
    const res = await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: pin, confirmPayPassword: pin });
    expect(res.json()).toMatchObject({ code: 200 });
  }

  /** A member with `balance`, an address, a bank card and fund password 123456, past the hold. */
  async function readyMember(balance: string): Promise<Member> {
    const m = await signedInMember(ctx, balance);
    expect((await postAs(m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    const card = { holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
    expect((await postAs(m, '/api/assets/user/bank/modify', card)).json().code).toBe(200);
    await setFundPassword(m, '123456');
    ctx.advance(24 * HOUR + 60_000);
    return m;
  }

  const withdraw = (m: Member, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    postAs(m, '/api/assets/user/withdraw', { channel: 'USDT', payPassword: '123456', requestId: `wd-${process.pid}-${++requestSeq}`, ...fields }, headers);

  async function balance(m: Member) {
    return (await get('/api/assets/user/balance', m.token)).json().data;
  }

  it('sets the fund password with an SMS code, with its rules; only changing it starts the hold', async () => {
    const m = await signedInMember(ctx, null);
    expect((await postAs(m, '/api/user/user/has-paypass', {})).json().data).toEqual({ hasPayPassword: false });
    expect((await postAs(m, '/api/user/auth/paypwd-code', { captchaId: 'x', captchaCode: '' })).statusCode).toBe(400);
    const captcha = await solveCaptcha(ctx);
    expect((await postAs(m, '/api/user/auth/paypwd-code', captcha)).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    const rule = await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '12345a', confirmPayPassword: '12345a' });
    expect(rule.json()).toMatchObject({ code: 400, msg: 'The fund password must be exactly 6 digits', data: { field: 'payPassword' } });
    const differ = await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123457' });
    expect(differ.json()).toMatchObject({ code: 400, msg: 'Fund passwords inconsistent', data: { field: 'confirmPayPassword' } });
    const wrong = await postAs(m, '/api/user/auth/update-paypwd', { smsCode: smsCode === '000000' ? '111111' : '000000', payPassword: '123456', confirmPayPassword: '123456' });
    expect(wrong.json()).toMatchObject({ code: 400, msg: 'The SMS code is wrong or has expired', data: { field: 'smsCode' } });
    const hi = await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '1', confirmPayPassword: '1' }, { language: 'hi_IN' });
    expect(hi.json().msg).toBe('फ़ंड पासवर्ड ठीक 6 अंकों का होना चाहिए');
    const done = await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' });
    expect(done.json()).toMatchObject({ code: 200 });
    expect((await postAs(m, '/api/user/user/has-paypass', {})).json().data).toEqual({ hasPayPassword: true });
    const row = await ctx.db.kysely.selectFrom('users').select('pay_password_hash').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(row.pay_password_hash).toMatch(/^scrypt\$/);
    expect(row.pay_password_hash).not.toContain('123456');
    const b = await balance(m);
    expect(b).toMatchObject({ available: '0', pendingIncome: '0', held: '0', currency: 'USDT', exchangeUsed: false });
    // The first fund password is setup, not a change: no hold.
    expect(b.withdrawHoldUntil).toBeNull();
    // The code is used up.
    expect((await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '654321', confirmPayPassword: '654321' })).statusCode).toBe(400);
    ctx.advance(2 * 60_000);
    await setFundPassword(m, '654321');
    expect((await balance(m)).withdrawHoldUntil).toBe(new Date(ctx.clock().getTime() + 24 * HOUR).toISOString());
  });

  it('binds one BEP20 address, replaces it with a hold, and shows it to its owner only', async () => {
    const m = await signedInMember(ctx, null);
    const other = await signedInMember(ctx, null);
    expect((await get('/api/assets/user/address', m.token)).json()).toMatchObject({ code: 200, data: null });
    const add = (fields: Record<string, string>) => postAs(m, '/api/assets/user/addAddress', fields);
    expect((await add({ currency: 'USDT', chain: 'BEP20' })).json()).toMatchObject({ code: 400, msg: 'Need to choose currency, chain, fill in address' });
    expect((await add({ currency: 'USDT', chain: 'TRC20', address: ADDRESS })).json()).toMatchObject({ code: 400, msg: 'Only the BEP20 network is supported' });
    expect((await add({ currency: 'USDT', chain: 'BEP20', address: '0x1234' })).json().code).toBe(400);
    const ok = await add({ currency: 'USDT', chain: 'BEP20', address: ADDRESS.toLowerCase() });
    expect(ok.json()).toMatchObject({ code: 200, data: { currency: 'USDT', chain: 'BEP20', address: ADDRESS.toLowerCase() } });
    expect((await add({ currency: 'USDT', chain: 'BEP20', address: ADDRESS_2 })).json()).toMatchObject({ code: 409, msg: 'Each member may bind one address' });
    // The first address is setup, not a change: no hold.
    expect((await balance(m)).withdrawHoldUntil).toBeNull();

    ctx.advance(30 * HOUR);
    const replaced = await postAs(m, '/api/assets/user/address/replace', { currency: 'USDT', chain: 'BEP20', address: ADDRESS_2 });
    expect(replaced.json().data).toMatchObject({ address: ADDRESS_2 });
    expect((await get('/api/assets/user/address', m.token)).json().data).toMatchObject({ id: ok.json().data.id, address: ADDRESS_2 });
    expect((await balance(m)).withdrawHoldUntil).toBe(new Date(ctx.clock().getTime() + 24 * HOUR).toISOString());

    expect((await get('/api/assets/user/address', other.token)).json().data).toBeNull();
    expect((await get('/api/assets/user/address', 'not-a-token')).statusCode).toBe(401);
  });

  it('binds a bank card (masked, IFSC checked), and lists the seeded recharge channels localized', async () => {
    const m = await signedInMember(ctx, null);
    const modify = (fields: Record<string, string>) =>
      postAs(m, '/api/assets/user/bank/modify', { holderName: 'Asha Rao', bankName: 'SBI', accountNumber: '123456789012', ifsc: 'SBIN0001234', ...fields });
    expect((await modify({ accountNumber: '12345' })).json()).toMatchObject({ code: 400, msg: 'The account number must be 6 to 20 digits' });
    // A refusal that concerns one field names it, so the form shows the message under that field.
    expect((await modify({ ifsc: 'SBINO001234' })).json()).toMatchObject({ code: 400, data: { field: 'ifsc' } });
    expect((await modify({ accountNumber: '12-34' })).json()).toMatchObject({ code: 400, data: { field: 'accountNumber' } });
    expect((await modify({ holderName: '' })).json().code).toBe(400);
    const card = await modify({ ifsc: 'sbin0001234' });
    expect(card.json().data).toMatchObject({ holderName: 'Asha Rao', bankName: 'SBI', accountNumber: '****9012', ifsc: 'SBIN0001234' });
    expect((await balance(m)).withdrawHoldUntil).toBeNull();
    const again = await modify({ accountNumber: '99887766' });
    expect((await get('/api/assets/user/bank', m.token)).json().data).toMatchObject({ id: card.json().data.id, accountNumber: '****7766' });
    expect(again.json().data.accountNumber).toBe('****7766');
    expect((await balance(m)).withdrawHoldUntil).toBe(new Date(ctx.clock().getTime() + 24 * HOUR).toISOString());

    const channels = (await get('/api/assets/system/pay/config/banks', m.token)).json().data;
    expect(channels.map((c: { currency: string; minAmount: string; kind: string }) => [c.currency, c.minAmount, c.kind])).toEqual([
      ['INR', usdt('500'), 'bank'],
      ['INR', usdt('500'), 'bank'],
      ['NGN', usdt('2500'), 'cash'],
    ]);
    const hindi = (await get('/api/assets/system/pay/config/banks', m.token, { language: 'hi_IN' })).json().data;
    expect(hindi[0].instructions).not.toBe(channels[0].instructions);
    expect(hindi[0].instructions).toContain('UPI');
  });

  it('refuses a withdrawal in the contract order, each with its fix, then holds and quotes 5%', async () => {
    const m = await signedInMember(ctx, '5');
    const first = await withdraw(m, { amount: '10' });
    expect(first.json()).toEqual({ code: 400, msg: 'Greater than available balance', data: { fix: null, field: 'amount' } });
    expect((await withdraw(m, { amount: '2' })).json()).toEqual({ code: 400, msg: 'Please bind your address', data: { fix: '/user/address' } });
    expect((await withdraw(m, { amount: '2', channel: 'BANK' })).json()).toEqual({
      code: 400,
      msg: 'Please bind the bank account/address first',
      data: { fix: '/user/bank' },
    });
    await postAs(m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS });
    expect((await withdraw(m, { amount: '2' })).json()).toEqual({ code: 400, msg: 'Please bind fund password', data: { fix: '/user/fundPwd' } });
    // Set, then changed: the change starts the hold.
    await setFundPassword(m, '111111');
    ctx.advance(2 * 60_000);
    await setFundPassword(m, '123456');
    const until = new Date(ctx.clock().getTime() + 24 * HOUR).toISOString();
    // During the hold the PIN is not checked at all: a wrong one gets the hold too.
    for (const payPassword of ['123456', '654321']) {
      const held = await withdraw(m, { amount: '2', payPassword });
      expect(held.statusCode).toBe(403);
      expect(held.json()).toMatchObject({ code: 403, msg: `Withdrawals are on hold until ${until} after a security change` });
    }
    expect((await withdraw(m, { amount: '0.5' })).json()).toMatchObject({ code: 400, msg: 'Minimum withdrawal is 1 USDT', data: { field: 'amount' } });
    expect((await withdraw(m, { amount: '1.234' })).json().code).toBe(400);
    expect((await withdraw(m, { amount: '2', channel: 'PAYPAL' })).json().code).toBe(400);
    expect((await withdraw(m, { amount: '2', requestId: 'x' })).json()).toMatchObject({ code: 400, msg: 'The request ID must be 8 to 64 letters, digits, dashes or underscores' });

    const q = await postAs(m, '/api/assets/user/withdraw/quote', { channel: 'USDT', amount: '10.01' });
    expect(q.json().data).toEqual({ amount: '10010000', fee: '500500', net: '9509500', feePercent: 5, minimum: '1000000' });
    const info = await get('/api/assets/user/withdraw/info?channel=USDT', m.token);
    expect(info.json().data).toEqual({
      feePercent: 5,
      minimum: '1000000',
      arrival: 'Processed Monday to Friday; Saturday and Sunday are system settlement days.',
    });
    expect((await get('/api/assets/user/withdraw/info?channel=BANK', m.token)).json().data.arrival).toBe('Arrives within 72 hours.');
    expect((await get('/api/assets/user/withdraw/info?channel=BANK', m.token, { language: 'de_DE' })).json().data.arrival).toBe(
      'Kommt innerhalb von 72 Stunden an.',
    );

    ctx.advance(24 * HOUR + 1000);
    expect((await withdraw(m, { amount: '2', payPassword: '654321' })).json()).toEqual({
      code: 400,
      msg: 'Fund password incorrect. Wrong tries left before it locks: 4',
      data: { fix: null, triesLeft: 4 },
    });
    expect((await withdraw(m, { amount: '2', payPassword: '' })).json()).toEqual({
      code: 400,
      msg: 'Fund password incorrect. Wrong tries left before it locks: 3',
      data: { fix: null, triesLeft: 3 },
    });
    const requestId = `wd-${process.pid}-${++requestSeq}`;
    const ok = await withdraw(m, { amount: '2', requestId });
    expect(ok.json()).toMatchObject({
      code: 200,
      data: { channel: 'USDT', amount: usdt('2'), fee: usdt('0.1'), net: usdt('1.9'), destination: '0x5290840009852...169EE7', status: 'Pending', txHash: null, decidedTime: null },
    });
    expect(await balance(m)).toMatchObject({ available: usdt('3'), heldForWithdrawals: usdt('2'), incomeArriving: '0', held: usdt('2'), withdrawHoldUntil: null });
    // Same request: the first withdrawal again; other content: 409.
    expect((await withdraw(m, { amount: '2', requestId })).json().data.id).toBe(ok.json().data.id);
    expect((await withdraw(m, { amount: '3', requestId })).json()).toMatchObject({ code: 409, msg: 'This request was already used for a different withdrawal' });
    expect(await balance(m)).toMatchObject({ available: usdt('3'), held: usdt('2') });

    const records = (await get('/api/assets/user/record?type=2', m.token)).json().data;
    expect(records.total).toBe(1);
    expect(records.list[0]).toMatchObject({
      type: 'Withdrawal',
      amount: `-${usdt('2')}`,
      fee: usdt('0.1'),
      net: usdt('1.9'),
      status: 'Pending',
      description: 'Withdrawal to 0x5290840009852...169EE7',
      txHash: null,
    });
    expect((await get('/api/assets/user/record?type=Withdrawal', m.token)).json().data.total).toBe(1);
    expect((await get('/api/assets/user/record?status=Pending', m.token)).json().data.total).toBe(1);
    expect((await get('/api/assets/user/record?type=7', m.token)).json().data.list).toEqual([
      expect.objectContaining({ type: 'Adjustment', amount: usdt('5'), description: 'Test funds', status: 'Succeeded' }),
    ]);
    expect((await get('/api/assets/user/record?type=5', m.token)).json().data).toEqual({ total: 0, list: [] });
    expect((await get('/api/assets/user/record?type=Daily%20Income', m.token)).json().data.total).toBe(0);
    expect((await get('/api/assets/user/record?type=Nonsense', m.token)).statusCode).toBe(400);
    expect((await get('/api/assets/user/record?status=Nonsense', m.token)).statusCode).toBe(400);
    expect((await get('/api/assets/user/withrecord', m.token)).json().data.total).toBe(1);
    await rejectWithdrawal(ctx.db, { id: ok.json().data.id, reason: 'Cleanup', at: ctx.clock(), ...AS_STAFF });
  });

  it("a new member's first fund password, address and bank card start no hold: the first withdrawal goes at once", async () => {
    const m = await signedInMember(ctx, '10');
    expect((await postAs(m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    const card = { holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
    expect((await postAs(m, '/api/assets/user/bank/modify', card)).json().code).toBe(200);
    await setFundPassword(m, '123456');
    expect((await balance(m)).withdrawHoldUntil).toBeNull();
    const usdtWithdrawal = await withdraw(m, { amount: '2' });
    expect(usdtWithdrawal.json()).toMatchObject({ code: 200, data: { status: 'Pending' } });
    const bankWithdrawal = await withdraw(m, { amount: '2', channel: 'BANK' });
    expect(bankWithdrawal.json()).toMatchObject({ code: 200, data: { status: 'Pending', destination: '****9012' } });

    // A first address bound through the replace call is setup too.
    const other = await signedInMember(ctx, null);
    expect((await postAs(other, '/api/assets/user/address/replace', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    expect((await balance(other)).withdrawHoldUntil).toBeNull();

    // Replacing what is set up is a change: each one starts the hold.
    for (const change of [
      () => postAs(m, '/api/assets/user/address/replace', { currency: 'USDT', chain: 'BEP20', address: ADDRESS_2 }),
      () => postAs(m, '/api/assets/user/bank/modify', { ...card, accountNumber: '99887766' }),
      async () => {
        await setFundPassword(m, '123457');
        return null;
      },
    ]) {
      ctx.advance(24 * HOUR + 60_000);
      expect((await balance(m)).withdrawHoldUntil).toBeNull();
      const reply = await change();
      if (reply) expect(reply.json().code).toBe(200);
      expect((await balance(m)).withdrawHoldUntil).toBe(new Date(ctx.clock().getTime() + 24 * HOUR).toISOString());
      expect((await withdraw(m, { amount: '1', payPassword: reply ? '123456' : '123457' })).json().code).toBe(403);
    }
    for (const w of [usdtWithdrawal, bankWithdrawal]) await rejectWithdrawal(ctx.db, { id: w.json().data.id, reason: 'Cleanup', at: ctx.clock(), ...AS_STAFF });
  });

  it('holds withdrawals after a login-password change and after a reset', async () => {
    const m = await readyMember('10');
    const changed = await postAs(m, '/api/user/auth/update-password', { oldPassword: 'Member123', password: 'Member456', confirmPassword: 'Member456' });
    expect(changed.json().code).toBe(200);
    const refused = await withdraw(m, { amount: '2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toContain(new Date(ctx.clock().getTime() + 24 * HOUR).toISOString());

    ctx.advance(24 * HOUR + 1000);
    expect((await withdraw(m, { amount: '2', channel: 'BANK' })).json().data).toMatchObject({ channel: 'BANK', destination: '****9012', status: 'Pending' });
    const captcha = await solveCaptcha(ctx);
    expect((await post(ctx.app, '/api/user/auth/code/resetpass', { phone: m.phone, ...captcha })).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    const reset = await post(ctx.app, '/api/user/auth/reset-password', { phone: m.phone, smsCode, password: 'Member789', confirmPassword: 'Member789' });
    expect(reset.json().code).toBe(200);
    const token = await login(ctx, m.phone, 'Member789');
    const again = await withdraw({ ...m, token }, { amount: '2' });
    expect(again.json()).toMatchObject({ code: 403 });
    const list = (await get('/api/assets/user/withrecord', token)).json().data.list;
    for (const w of list) await rejectWithdrawal(ctx.db, { id: w.id, reason: 'Cleanup', at: ctx.clock(), ...AS_STAFF });
  });

  it('20 concurrent withdrawals of 10 with 50 available hold exactly 50', async () => {
    const m = await readyMember('50');
    const replies = await Promise.all(Array.from({ length: 20 }, () => withdraw(m, { amount: '10' })));
    const codes = replies.map((r) => r.json().code);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 400)).toHaveLength(15);
    for (const r of replies.filter((x) => x.json().code === 400)) expect(r.json()).toMatchObject({ msg: 'Greater than available balance', data: { fix: null } });
    expect(await balance(m)).toMatchObject({ available: '0', held: usdt('50') });
    const list = (await get('/api/assets/user/withrecord?pageSize=100', m.token)).json().data;
    expect(list.total).toBe(5);
    expect(list.list.every((w: { status: string }) => w.status === 'Pending')).toBe(true);
    for (const w of list.list) await approveWithdrawal(ctx.db, { id: w.id, txHash: TX, at: ctx.clock(), ...AS_STAFF });
    expect(await balance(m)).toMatchObject({ available: '0', held: '0' });
  });

  it('withdraws rewards owed from rewards payable with the own balance: concurrent withdrawals collect them once', async () => {
    const m = await readyMember('20');
    await ctx.db.kysely.transaction().execute((trx) =>
      grantReward(trx, { userId: m.id, kind: 'signin', sourceKey: `wallet-owed:${process.pid}:${++requestSeq}`, amount: parseAmount('30'), at: ctx.clock() }),
    );
    await fundRewardsBudget(ctx.db, { amount: '30', reason: 'Rewards for the test', at: ctx.clock() });
    expect(await balance(m)).toMatchObject({ available: usdt('50') });
    const replies = await Promise.all(Array.from({ length: 8 }, () => withdraw(m, { amount: '10' })));
    expect(replies.map((r) => r.json().code).filter((c) => c === 200)).toHaveLength(5);
    expect(await balance(m)).toMatchObject({ available: '0', held: usdt('50') });
  });

  it('staff approve pays net and fee from the held amount; reject returns it with a Withdrawal Failed record', async () => {
    const m = await readyMember('20');
    const other = await signedInMember(ctx, null);
    const paidBefore = (await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', await platformAccountId(ctx.db.kysely, 'platform.withdrawals_paid')).executeTakeFirstOrThrow()).balance;
    const feesBefore = (await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', await platformAccountId(ctx.db.kysely, 'platform.fees')).executeTakeFirstOrThrow()).balance;
    const a = (await withdraw(m, { amount: '10' })).json().data;
    const b = (await withdraw(m, { amount: '6', channel: 'BANK' })).json().data;
    expect(await balance(m)).toMatchObject({ available: usdt('4'), held: usdt('16') });

    await expect(approveWithdrawal(ctx.db, { id: a.id, at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(OperatorError);
    await expect(approveWithdrawal(ctx.db, { id: a.id, txHash: '0x12', at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(OperatorError);
    // The proof follows the channel: a USDT withdrawal is paid with a transaction hash, a bank one with a reference.
    await expect(approveWithdrawal(ctx.db, { id: a.id, reference: 'BANK-REF-1', at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/transaction hash/);
    await expect(approveWithdrawal(ctx.db, { id: b.id, txHash: TX, at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/reference/);
    expect(await balance(m)).toMatchObject({ available: usdt('4'), held: usdt('16') });
    const approved = await approveWithdrawal(ctx.db, { id: a.id, txHash: TX, at: ctx.clock(), ...AS_STAFF });
    expect(approved).toMatchObject({ status: 'Succeeded', txHash: TX, reference: null });
    await expect(approveWithdrawal(ctx.db, { id: a.id, txHash: TX, at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/already Succeeded/);
    await expect(rejectWithdrawal(ctx.db, { id: a.id, reason: 'Late', at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/already Succeeded/);
    const paid = await platformAccountId(ctx.db.kysely, 'platform.withdrawals_paid');
    const fees = await platformAccountId(ctx.db.kysely, 'platform.fees');
    const balanceOf = async (id: number) =>
      BigInt((await ctx.db.kysely.selectFrom('ledger_accounts').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);
    expect((await balanceOf(paid)) - BigInt(paidBefore)).toBe(parseAmount('9.5'));
    expect((await balanceOf(fees)) - BigInt(feesBefore)).toBe(parseAmount('0.5'));

    await expect(rejectWithdrawal(ctx.db, { id: b.id, reason: ' ', at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/reason/);
    const rejected = await rejectWithdrawal(ctx.db, { id: b.id, reason: 'Account name does not match', at: ctx.clock(), ...AS_STAFF });
    expect(rejected).toMatchObject({ status: 'Failed', reason: 'Account name does not match' });
    expect(await balance(m)).toMatchObject({ available: usdt('10'), held: '0' });
    expect(await memberBalances(ctx.db.kysely, m.id)).toMatchObject({ 'member.available': parseAmount('10'), 'member.held': 0n });

    const withdrawals = (await get('/api/assets/user/withrecord', m.token)).json().data.list;
    expect(withdrawals.map((w: { id: number; status: string }) => [w.id, w.status])).toEqual([
      [b.id, 'Failed'],
      [a.id, 'Succeeded'],
    ]);
    expect(withdrawals[1]).toMatchObject({ txHash: TX, decidedTime: expect.any(String) });
    const records = (await get('/api/assets/user/record', m.token)).json().data.list;
    expect(records.slice(0, 3).map((r: { type: string; amount: string; status: string }) => [r.type, r.amount, r.status])).toEqual([
      ['Withdrawal Failed', usdt('6'), 'Succeeded'],
      ['Withdrawal', `-${usdt('6')}`, 'Failed'],
      ['Withdrawal', `-${usdt('10')}`, 'Succeeded'],
    ]);
    expect(records[0].description).toBe('Withdrawal returned to your balance: Account name does not match');
    expect(records[2].txHash).toBe(TX);
    expect((await get('/api/assets/user/record?type=8', m.token)).json().data.total).toBe(1);
    // The same list through the income records route (one renderer).
    expect((await get('/api/receive/income/records', m.token)).json().data.list[0]).toMatchObject({ type: 'Withdrawal Failed' });

    // Another member sees none of it.
    expect((await get('/api/assets/user/withrecord', other.token)).json().data).toEqual({ total: 0, list: [] });
    expect((await get('/api/assets/user/record', other.token)).json().data).toEqual({ total: 0, list: [] });
    expect((await get('/api/assets/user/bank', other.token)).json().data).toBeNull();
  });

  it('migration 0038: a USDT payout approved with its hash as a reference shows the hash, and its second approval confirms it', async () => {
    const m = await readyMember('40');
    const [paid, pending, bank, otherRef] = [
      (await withdraw(m, { amount: '10' })).json().data,
      (await withdraw(m, { amount: '10' })).json().data,
      (await withdraw(m, { amount: '6', channel: 'BANK' })).json().data,
      (await withdraw(m, { amount: '10' })).json().data,
    ];
    const twoNeeded = { fourEyesThreshold: parseAmount('5') };
    await approveWithdrawal(ctx.db, { id: paid.id, txHash: TX, at: ctx.clock(), ...AS_STAFF });
    await approveWithdrawal(ctx.db, { id: pending.id, txHash: TX, at: ctx.clock(), ...AS_STAFF, ...twoNeeded });
    await approveWithdrawal(ctx.db, { id: bank.id, reference: TX, at: ctx.clock(), ...AS_STAFF });
    await approveWithdrawal(ctx.db, { id: otherRef.id, txHash: TX, at: ctx.clock(), ...AS_STAFF });
    // As the console recorded them before dd9a3cf: the proof in `reference`, never in `tx_hash`.
    const asFormerConsole = async (id: number, reference: string) => {
      await ctx.db.kysely.updateTable('withdrawals').set({ tx_hash: null, reference }).where('id', '=', id).where('tx_hash', 'is not', null).execute();
      await ctx.db.kysely.updateTable('withdrawal_approvals').set({ tx_hash: null, reference }).where('withdrawal_id', '=', id).execute();
    };
    await asFormerConsole(paid.id, TX);
    await asFormerConsole(pending.id, TX);
    await asFormerConsole(otherRef.id, 'paid from the hot wallet');
    await expect(approveWithdrawal(ctx.db, { id: pending.id, txHash: TX, at: ctx.clock(), by: 'second-staff', ...twoNeeded })).rejects.toThrow(/first approved with/);

    await usdtPayoutHashes.up(ctx.db.kysely as never, migrationKit(ctx.db.dialect));
    await approveWithdrawal(ctx.db, { id: pending.id, txHash: TX, at: ctx.clock(), by: 'second-staff', ...twoNeeded });
    const proofs = new Map(
      (await get('/api/assets/user/withrecord', m.token)).json().data.list.map((w: { id: number; status: string; txHash: string | null; reference: string | null }) => [w.id, [w.status, w.txHash, w.reference]]),
    );
    expect(proofs.get(paid.id)).toEqual(['Succeeded', TX, null]);
    expect(proofs.get(pending.id)).toEqual(['Succeeded', TX, null]);
    expect(proofs.get(bank.id)).toEqual(['Succeeded', null, TX]);
    expect(proofs.get(otherRef.id)).toEqual(['Succeeded', null, 'paid from the hot wallet']);
  });

  it('cash recharge: minimums, conversion, idempotent request, and a confirm that credits once', async () => {
    const m = await signedInMember(ctx, null);
    const other = await signedInMember(ctx, null);
    const channels = (await get('/api/assets/system/pay/config/banks', m.token)).json().data;
    const inr = channels[0].id;
    const ngn = channels[2].id;
    const recharge = (fields: Record<string, string>) =>
      postAs(m, '/api/assets/user/cashrecharge', { bankId: String(inr), amount: '1000', reference: 'UTR12345678', requestId: `dp-${process.pid}-${++requestSeq}`, ...fields });
    expect((await recharge({ bankId: '999999' })).statusCode).toBe(404);
    expect((await recharge({ amount: '499.99' })).json()).toMatchObject({ code: 400, msg: 'Recharge amount cannot be less than 500', data: { field: 'amount' } });
    expect((await recharge({ bankId: String(ngn), amount: '2000' })).json()).toMatchObject({ code: 400, msg: 'Recharge amount cannot be less than 2500' });
    expect((await recharge({ reference: 'abc' })).json()).toMatchObject({ code: 400, msg: 'The transfer reference must be 4 to 64 characters', data: { field: 'reference' } });
    expect((await recharge({ amount: '10.001' })).json().code).toBe(400);

    const requestId = `dp-${process.pid}-${++requestSeq}`;
    const created = (await recharge({ requestId })).json();
    expect(created).toMatchObject({ code: 200, data: { bankId: inr, currency: 'INR', amount: usdt('1000'), usdtAmount: '12019230', reference: 'UTR12345678', status: 'Pending' } });
    expect((await recharge({ requestId })).json().data.id).toBe(created.data.id);
    expect((await recharge({ requestId, amount: '2000' })).json()).toMatchObject({ code: 409 });
    const naira = (await recharge({ bankId: String(ngn), amount: '3100' })).json().data;
    expect(naira.usdtAmount).toBe('2000000');
    const third = (await recharge({ amount: '832' })).json().data;

    // Confirmed twice, at once and later: credited once.
    const [c1, c2] = await Promise.all([confirmDeposit(ctx.db, { id: created.data.id, at: ctx.clock(), ...AS_STAFF }), confirmDeposit(ctx.db, { id: created.data.id, at: ctx.clock(), ...AS_STAFF })]);
    expect([c1.alreadyConfirmed, c2.alreadyConfirmed].sort()).toEqual([false, true]);
    expect((await confirmDeposit(ctx.db, { id: created.data.id, at: ctx.clock(), ...AS_STAFF })).alreadyConfirmed).toBe(true);
    expect(await balance(m)).toMatchObject({ available: '12019230' });
    const rejected = await rejectDeposit(ctx.db, { id: naira.id, reason: 'No such payment', at: ctx.clock(), ...AS_STAFF });
    expect(rejected.status).toBe('Failed');
    await expect(confirmDeposit(ctx.db, { id: naira.id, at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(OperatorError);
    await expect(rejectDeposit(ctx.db, { id: created.data.id, reason: 'x', at: ctx.clock(), ...AS_STAFF })).rejects.toThrow(/already Arrived/);
    await confirmDeposit(ctx.db, { id: third.id, at: ctx.clock(), ...AS_STAFF });
    expect(await balance(m)).toMatchObject({ available: String(12019230 + 10000000) });

    const list = (await get('/api/assets/user/cashrecharge/list', m.token)).json().data;
    expect(list.list.map((d: { status: string }) => d.status)).toEqual(['Arrived', 'Failed', 'Arrived']);
    const records = (await get('/api/assets/user/record?type=1', m.token)).json().data;
    expect(records.total).toBe(2);
    expect(records.list[1]).toMatchObject({ type: 'Recharge', amount: '12019230', status: 'Arrived', description: 'Recharge of 1000.00 INR via Bank transfer (UPI / IMPS)' });
    expect((await get('/api/assets/user/cashrecharge/list', other.token)).json().data.total).toBe(0);
  });
});
