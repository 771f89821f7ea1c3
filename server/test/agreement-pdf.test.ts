import { LOCALE_TAGS, parseAmount, maskPhone } from '@rigshare/domain';
import zlib from 'node:zlib';
import { translate } from '../src/i18n';
import { checkLedger } from '../src/ledger/check';
import { post, signedInMember, startApp, testDatabases, type TestContext } from './helpers';

/** The script font each language's agreement must embed. */
const FONT: Record<string, string> = { 'hi-IN': 'NotoSansDevanagari', 'ta-IN': 'NotoSansTamil', 'te-IN': 'NotoSansTelugu', 'kn-IN': 'NotoSansKannada' };

/**
 * The text a PDF reader extracts: each embedded font's ToUnicode map applied to the glyph ids in the
 * page content (pdfkit writes text as hex glyph ids in TJ arrays), fragments joined in order.
 */
function pdfText(pdf: Buffer): { text: string; fonts: string[] } {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2];
    const at = body.indexOf('stream\n');
    let stream: Buffer | null = null;
    if (at >= 0) {
      const raw = Buffer.from(body.slice(at + 7, body.lastIndexOf('\nendstream')), 'latin1');
      stream = /\/Filter \/FlateDecode/.test(body.slice(0, at)) ? zlib.inflateSync(raw) : raw;
    }
    objects.set(Number(match[1]), { dict: at >= 0 ? body.slice(0, at) : body, stream });
  }
  const toUnicode = new Map<string, Map<number, string>>();
  const fonts: string[] = [];
  for (const [, resource, ref] of source.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objects.get(Number(ref))!;
    const descendant = /\/BaseFont \/(\S+)/.exec(font.dict);
    if (descendant) fonts.push(descendant[1]);
    const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(font.dict);
    if (!cmapRef) continue;
    const cmap = objects.get(Number(cmapRef[1]))!.stream!.toString('latin1');
    const map = new Map<number, string>();
    for (const [, start, entries] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g)) {
      [...entries.matchAll(/<([0-9a-f ]+)>/g)].forEach(([, hex], i) => {
        const units = hex.split(' ').map((h) => parseInt(h, 16));
        map.set(parseInt(start, 16) + i, String.fromCharCode(...units));
      });
    }
    toUnicode.set(resource, map);
  }
  let text = '';
  for (const { stream } of objects.values()) {
    if (!stream || !/ Tf/.test(stream.toString('latin1'))) continue;
    let font: Map<number, string> | undefined;
    for (const op of stream.toString('latin1').matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) font = toUnicode.get(op[1]);
      else for (const [, hex] of op[2].matchAll(/<([0-9a-f]+)>/g)) for (let i = 0; i < hex.length; i += 4) text += font?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '?';
    }
  }
  return { text, fonts: [...new Set(fonts)] };
}

describe.each(testDatabases())('lease agreement PDF on %s', (_name, database) => {
  let ctx: TestContext;
  let owner: { token: string; phone: string };
  let other: { token: string };
  let orderId: number;
  beforeAll(async () => {
    ctx = await startApp(database);
    owner = await signedInMember(ctx, '500');
    other = await signedInMember(ctx);
    const bought = await post(ctx.app, '/api/orders/mine/order/create', { agree: '1', productId: '1', quantity: '2', requestId: `pdf-${process.pid}-order` }, { 'x-access-token': owner.token });
    expect(bought.json()).toMatchObject({ code: 200, data: { quantity: 2, amount: parseAmount('200').toString() } });
    orderId = bought.json().data.id;
  });
  afterAll(async () => ctx.close());
  afterEach(async () => {
    expect(await checkLedger(ctx.db.kysely)).toEqual([]);
  });

  const fetchPdf = (query: string, token: string | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/orders/order/agreement.pdf?${query}`, headers: { ...(token ? { 'x-access-token': token } : {}), ...headers } });

  it("is the owner's order agreement in English with the order's own figures", async () => {
    const res = await fetchPdf(`orderId=${orderId}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="lease-agreement-${orderId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, fonts } = pdfText(res.rawPayload);
    expect(fonts.every((f) => /\+NotoSans-(Regular|Bold)$/.test(f))).toBe(true);
    const masked = maskPhone(owner.phone);
    for (const line of [
      'Lease agreement: Antminer S19 share',
      'Operator: Rigshare Operations Ltd.',
      `Order number: ${orderId}`,
      `Member: ${masked}`,
      'Machine: Antminer S19 share',
      'Quantity: 2',
      'Price per unit: 100.00 USDT',
      'Price paid: 200.00 USDT',
      'Expected daily return (this order): 3.60 USDT',
      '(60 days)',
      'Expected total return (this order): 216.00 USDT',
      'Status: Valid',
      'Risks',
      'Returns are expected, not promised.',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain(owner.phone);
    expect(text).not.toContain('?');
  });

  it('answers another member, a missing order, a bad id and no session like a stranger', async () => {
    const stranger = await fetchPdf(`orderId=${orderId}`, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 404, msg: 'This order does not exist' });
    expect((await fetchPdf('orderId=999999', owner.token)).statusCode).toBe(404);
    expect((await fetchPdf('orderId=abc', owner.token)).statusCode).toBe(400);
    expect((await fetchPdf('', owner.token)).statusCode).toBe(400);
    expect((await fetchPdf(`orderId=${orderId}`, null)).statusCode).toBe(401);
  });

  it.each(LOCALE_TAGS)('renders in %s with its script font and the figures', async (tag) => {
    const res = await fetchPdf(`orderId=${orderId}&lang=${tag}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, fonts } = pdfText(res.rawPayload);
    if (FONT[tag]) expect(fonts.some((f) => f.includes(FONT[tag]))).toBe(true);
    for (const figure of [`${orderId}`, '100.00 USDT', '200.00 USDT', '216.00 USDT', 'Antminer S19 share']) expect(text).toContain(figure);
    if (tag !== 'en-US') expect(text).not.toContain('Price paid');
    // Indic text comes out of a PDF in glyph order (vowel signs before their consonant), so only Latin-script labels are compared.
    if (!FONT[tag]) expect(text).toContain(`${translate(tag, 'pdfAmountPaid')}: 200.00 USDT`);
  });

  it('takes the language from the Language header when lang is absent, and reads header codes in lang', async () => {
    const byHeader = pdfText((await fetchPdf(`orderId=${orderId}`, owner.token, { language: 'de_DE' })).rawPayload).text;
    expect(byHeader).toContain('Bezahlter Preis: 200.00 USDT');
    const byCode = pdfText((await fetchPdf(`orderId=${orderId}&lang=tr_TR`, owner.token)).rawPayload).text;
    expect(byCode).toContain('Ödenen fiyat: 200.00 USDT');
    expect(byCode).toContain('Kira sözleşmesi');
  });
});
