import { headerCodeFor, LOCALE_TAGS, type LocaleTag } from '@rigshare/domain';
import { migrateTo, migrateToLatest } from '../src/db/migrations';
import { DEMO_PASSWORD, DEMO_PHONE } from '../src/seed';
import { confirmDeposit } from '../src/features/wallet';
import { adjust } from '../src/ledger/operator';
import { AS_STAFF, asMember, getAs, login, post, startApp, type TestContext, testDatabases } from './helpers';

/**
 * Issue 8 item 19: reference data the seed and the migrations write (recharge channel names, the demo
 * member's "Demo balance" record, the markets of the phone prefix picker) reads in the member's language;
 * what people wrote (a staff member's reason, the member's own payment reference) is shown as written.
 */
const OTHER_LOCALES = LOCALE_TAGS.filter((t) => t !== 'en-US');
const language = (tag: LocaleTag) => ({ Language: headerCodeFor(tag) });

interface Channel {
  id: number;
  name: string;
  instructions: string;
}
interface Record {
  type: string;
  description: string;
  amount: string;
}

describe.each(testDatabases())('seeded reference data in the reader language on %s', (_name, database) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await startApp(database);
    token = await login(ctx, DEMO_PHONE, DEMO_PASSWORD);
  });
  afterAll(async () => ctx.close());

  const channels = async (tag: LocaleTag): Promise<Channel[]> => (await getAs(ctx, '/api/assets/system/pay/config/banks', token, language(tag))).json().data;
  const records = async (url: string, tag: LocaleTag): Promise<Record[]> =>
    (await getAs(ctx, `${url}?pageNum=1&pageSize=50`, token, language(tag))).json().data.list;

  it('names the recharge channels in every language, network names kept', async () => {
    const english = await channels('en-US');
    expect(english.map((c) => c.name)).toEqual(['Bank transfer (UPI / IMPS)', 'Bank transfer (NEFT / RTGS)', 'Cash deposit (Nigeria)']);
    for (const tag of OTHER_LOCALES) {
      const local = await channels(tag);
      expect(local.map((c) => c.id)).toEqual(english.map((c) => c.id));
      for (const [i, channel] of local.entries()) {
        expect({ tag, name: channel.name }).not.toEqual({ tag, name: english[i].name });
        expect({ tag, instructions: channel.instructions }).not.toEqual({ tag, instructions: english[i].instructions });
      }
      expect(local[0].name).toContain('UPI / IMPS');
      expect(local[1].name).toContain('NEFT / RTGS');
    }
    expect((await channels('ta-IN'))[0].name).toBe('வங்கிப் பரிமாற்றம் (UPI / IMPS)');
    expect((await channels('hi-IN'))[0].name).toBe('बैंक ट्रांसफ़र (UPI / IMPS)');
  });

  it('writes seeded records in the reader language and staff reasons as written', async () => {
    // A recharge through the first channel, confirmed by staff; a staff credit and a refused withdrawal, with their reasons.
    const reference = 'UTR 4821 ஆஷா';
    const created = await post(ctx.app, '/api/assets/user/cashrecharge', { bankId: '1', amount: '1000', reference, requestId: 'item19-recharge' }, asMember(token));
    expect(created.json()).toMatchObject({ code: 200 });
    await confirmDeposit(ctx.db, { id: created.json().data.id, at: ctx.clock(), ...AS_STAFF });
    const staffReason = 'Goodwill for ticket #42 (Asha)';
    await adjust(ctx.db, { phone: DEMO_PHONE, amount: '2', reason: staffReason, direction: 'credit', at: ctx.clock() });

    for (const url of ['/api/assets/user/record', '/api/receive/income/records']) {
      const english = await records(url, 'en-US');
      const demo = english.find((r) => r.type === 'Adjustment' && r.amount === '1000000000')!;
      expect(demo.description).toBe('Demo balance');
      expect(english.find((r) => r.type === 'Recharge')!.description).toContain('Bank transfer (UPI / IMPS)');
      for (const tag of OTHER_LOCALES) {
        const local = await records(url, tag);
        const seeded = local.find((r) => r.type === 'Adjustment' && r.amount === '1000000000')!;
        expect({ tag, description: seeded.description }).not.toEqual({ tag, description: 'Demo balance' });
        const recharge = local.find((r) => r.type === 'Recharge')!;
        expect({ tag, description: recharge.description }).toEqual({ tag, description: expect.stringContaining((await channels(tag))[0].name) });
        expect(recharge.description).not.toContain('Bank transfer');
        // What staff wrote is not translated.
        expect(local.find((r) => r.type === 'Adjustment' && r.amount === '2000000')!.description).toBe(staffReason);
      }
      expect((await records(url, 'ta-IN')).find((r) => r.amount === '1000000000')!.description).toBe('டெமோ இருப்பு');
    }
    // The member's own reference, as typed, in every language.
    for (const tag of ['en-US', 'ta-IN'] as const) {
      const list = (await getAs(ctx, '/api/assets/user/cashrecharge/list?pageNum=1&pageSize=10', token, language(tag))).json().data.list;
      expect(list[0].reference).toBe(reference);
    }
  });

  it('names the markets of the phone prefix picker in the reader language', async () => {
    const countries = async (tag: LocaleTag): Promise<{ code: string; name: string }[]> =>
      (await ctx.app.inject({ method: 'GET', url: '/api/user/auth/countrys', headers: language(tag) })).json().data;
    const english = await countries('en-US');
    expect(english).toContainEqual({ code: '+91', region: 'IN', name: 'India' });
    for (const tag of OTHER_LOCALES) {
      const local = await countries(tag);
      expect(local.map((c) => c.code)).toEqual(english.map((c) => c.code));
      // Some names are the same word in a language (India in Spanish), the list as a whole is not.
      expect({ tag, names: local.map((c) => c.name) }).not.toEqual({ tag, names: english.map((c) => c.name) });
    }
    expect((await countries('ta-IN'))[0]).toEqual({ code: '+91', region: 'IN', name: 'இந்தியா' });
    expect((await countries('hi-IN'))[0]).toEqual({ code: '+91', region: 'IN', name: 'भारत' });
  });
});

describe.each(testDatabases())('migration 0011 on an existing %s database', (_name, database) => {
  it('gives the seeded channels their names in every language and keeps what operators changed', async () => {
    const { db, drop } = await database.open();
    try {
      await migrateTo(db.kysely, db.dialect, '0010_push_messages');
      // An operator renamed the second channel before upgrading.
      await db.kysely.updateTable('pay_channels').set({ name: 'Bank transfer (NEFT only)' }).where('id', '=', 2).execute();
      const before = await db.kysely.selectFrom('pay_channels').select(['id', 'translations']).orderBy('id').execute();
      const oldInstructions = JSON.parse(before[1].translations!)['ta-IN'];
      expect(typeof oldInstructions).toBe('string');

      await migrateToLatest(db.kysely, db.dialect);
      const after = await db.kysely.selectFrom('pay_channels').select(['id', 'name', 'translations']).orderBy('id').execute();
      const ta = after.map((r) => JSON.parse(r.translations!)['ta-IN']);
      expect(ta[0].name).toBe('வங்கிப் பரிமாற்றம் (UPI / IMPS)');
      expect(ta[0].instructions).toBe(JSON.parse(before[0].translations!)['ta-IN']);
      // The renamed channel keeps its instructions' translations and gets no seeded name.
      expect(ta[1]).toEqual({ instructions: oldInstructions });
      expect(ta[2].name).toBe('பண வைப்பு (நைஜீரியா)');
      for (const row of after) expect(Object.keys(JSON.parse(row.translations!)).sort()).toEqual([...OTHER_LOCALES].sort());
    } finally {
      await db.kysely.destroy();
      await drop();
    }
  });
});
