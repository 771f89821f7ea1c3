import { MANY_MEMBERS, asMember, getAs, post, signedInMember, startApp, testDatabases, type TestContext } from './helpers';

/**
 * A right-to-left override (U+202E) in a bank holder name made the account number after it read
 * backwards in the staff's withdrawal list. Names refuse every bidirectional control, in the caller's language.
 */
describe.each(testDatabases())('bidirectional controls in names on %s', (_name, database) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startApp(database, MANY_MEMBERS);
  });
  afterAll(async () => ctx.close());

  const controls = ['\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
  const card = { holderName: 'Asha Rao', bankName: 'SBI', accountNumber: '123456789012', ifsc: 'SBIN0001234' };

  it('refuses them in the display name with a translated message and keeps the old name', async () => {
    const member = await signedInMember(ctx);
    expect((await post(ctx.app, '/api/user/user/modify-name', { name: 'Asha' }, asMember(member.token))).json().code).toBe(200);
    for (const control of controls) {
      const res = await post(ctx.app, '/api/user/user/modify-name', { name: `Asha${control}9876` }, asMember(member.token));
      expect({ control: control.codePointAt(0)!.toString(16), status: res.statusCode }).toEqual({ control: control.codePointAt(0)!.toString(16), status: 400 });
    }
    const french = await post(ctx.app, '/api/user/user/modify-name', { name: 'Asha\u202e1234' }, asMember(member.token, { language: 'fr_FR' }));
    expect(french.json()).toEqual({ code: 400, msg: 'Les noms ne peuvent pas contenir de caractères invisibles de direction du texte', data: null });
    expect((await getAs(ctx, '/api/user/user/info', member.token)).json().data.name).toBe('Asha');
  });

  it('refuses them in the bank holder name and bank name, and stores nothing', async () => {
    const member = await signedInMember(ctx);
    const bank = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      post(ctx.app, '/api/assets/user/bank/modify', { ...card, ...fields }, asMember(member.token, headers));
    for (const control of controls) {
      expect((await bank({ holderName: `Asha ${control}Rao` })).statusCode).toBe(400);
      expect((await bank({ bankName: `SBI${control}` })).statusCode).toBe(400);
    }
    const hindi = await bank({ holderName: 'Asha \u202eRao' }, { language: 'hi_IN' });
    expect(hindi.json()).toEqual({ code: 400, msg: 'नाम में अदृश्य टेक्स्ट-दिशा वर्ण नहीं हो सकते', data: { field: 'holderName' } });
    expect((await bank({ bankName: 'SBI\u202e' })).json().data).toEqual({ field: 'bankName' });
    expect((await getAs(ctx, '/api/assets/user/bank', member.token)).json().data).toBeNull();

    // Names in right-to-left scripts need no controls and stay welcome.
    expect((await bank({ holderName: 'آشا راو' })).json().code).toBe(200);
  });
});
