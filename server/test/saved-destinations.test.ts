import { approveWithdrawal } from '../src/features/wallet/withdrawals/staff';
import { AS_STAFF, asMember, getAs, lastSmsCode, ledgerCheckedApp, MANY_MEMBERS, post, signedInMember, solveCaptcha, testDatabases, type TestMember } from './helpers';

const HOUR = 3_600_000;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const CARD = { holderName: 'Asha Rao', bankName: 'State Bank of India', accountNumber: '123456789012', ifsc: 'SBIN0001234' };

/** Deleting a saved withdrawal address or bank card: the owner's only, once, with the withdrawal hold. */
describe.each(testDatabases())('deleting saved destinations on %s', (_name, database) => {
  const ctx = ledgerCheckedApp(database, MANY_MEMBERS);
  const postAs = (m: TestMember, url: string, fields: Record<string, string>) => post(ctx.app, url, fields, asMember(m.token));
  const remove = (m: TestMember, kind: 'address' | 'bank', id: number) => postAs(m, `/api/assets/user/${kind}/delete`, { id: String(id) });
  const saved = async (m: TestMember, kind: 'address' | 'bank') => (await getAs(ctx, `/api/assets/user/${kind}`, m.token)).json().data;
  const holdUntil = async (m: TestMember) => (await getAs(ctx, '/api/assets/user/balance', m.token)).json().data.withdrawHoldUntil;

  /** A member with an address, a bank card and fund password 123456, past the hold. */
  async function memberWithDestinations(balance: string | null = null): Promise<TestMember> {
    const m = await signedInMember(ctx, balance);
    expect((await postAs(m, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    expect((await postAs(m, '/api/assets/user/bank/modify', CARD)).json().code).toBe(200);
    expect((await postAs(m, '/api/user/auth/paypwd-code', await solveCaptcha(ctx))).json().code).toBe(200);
    const smsCode = await lastSmsCode(ctx, m.phone);
    expect((await postAs(m, '/api/user/auth/update-paypwd', { smsCode, payPassword: '123456', confirmPayPassword: '123456' })).json().code).toBe(200);
    ctx.advance(24 * HOUR + 60_000);
    return m;
  }

  it("deletes only the owner's address and card, and starts the withdrawal hold so a new one waits like a change", async () => {
    const owner = await memberWithDestinations();
    const other = await memberWithDestinations();
    const address = await saved(owner, 'address');
    const card = await saved(owner, 'bank');
    expect(await holdUntil(owner)).toBeNull();

    expect((await remove(other, 'address', address.id)).json()).toMatchObject({ code: 200, data: { deleted: false } });
    expect((await remove(other, 'bank', card.id)).json().data).toEqual({ deleted: false });
    expect(await saved(owner, 'address')).toMatchObject({ id: address.id, address: ADDRESS });

    expect((await remove(owner, 'address', address.id)).json().data).toEqual({ deleted: true });
    expect(await saved(owner, 'address')).toBeNull();
    expect(await holdUntil(owner)).not.toBeNull();
    expect((await remove(owner, 'bank', card.id)).json().data).toEqual({ deleted: true });
    expect(await saved(owner, 'bank')).toBeNull();
    // A repeat deletes nothing and says so.
    expect((await remove(owner, 'address', address.id)).json().data).toEqual({ deleted: false });

    // Delete-then-add is not a "first" address: the withdrawal waits for the hold.
    expect((await postAs(owner, '/api/assets/user/addAddress', { currency: 'USDT', chain: 'BEP20', address: ADDRESS })).json().code).toBe(200);
    const early = await postAs(owner, '/api/assets/user/withdraw', { channel: 'USDT', amount: '2', payPassword: '123456', requestId: `del-hold-${owner.id}` });
    expect(early.json().code).not.toBe(200);
    expect(await saved(other, 'address')).toMatchObject({ address: ADDRESS });
  });

  it('deletes once under a burst of taps, and a pending withdrawal still pays where it was asked to', async () => {
    const m = await memberWithDestinations('20');
    const asked = await postAs(m, '/api/assets/user/withdraw', { channel: 'USDT', amount: '10', payPassword: '123456', requestId: `del-pending-${m.id}` });
    expect(asked.json()).toMatchObject({ code: 200 });
    const address = await saved(m, 'address');
    const replies = await Promise.all(Array.from({ length: 6 }, () => remove(m, 'address', address.id)));
    expect(replies.map((r) => r.json().data.deleted).filter(Boolean)).toHaveLength(1);

    const pending = await ctx.db.kysely.selectFrom('withdrawals').select(['id', 'payout_to', 'status']).where('user_id', '=', m.id).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ payout_to: `BEP20 ${ADDRESS}`, status: 'Pending' });
    const decision = await approveWithdrawal(ctx.db, { id: pending.id, txHash: '0x' + 'cd'.repeat(32), at: ctx.clock(), ...AS_STAFF });
    expect(decision).toMatchObject({ status: 'Succeeded' });
  });

  it('needs a session', async () => {
    expect((await post(ctx.app, '/api/assets/user/address/delete', { id: '1' })).json().code).toBe(401);
  });
});
