import { formatAmount, maskPhone, type LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../db/schema';
import { translate, type MessageKey, type MessageParams } from '../../i18n';
import { productAgreement } from '../products';
import { createWriter, type Segment } from './writer';

/**
 * The lease agreement of one order as a PDF: the agreement text in the member's language, the order's
 * own figures, the operator's name and the member's masked phone. Fonts are embedded (Noto, per script).
 */

const MARGIN = 56;
const GREY = '#555555';
const INK = '#111111';

/** "2026-11-22 09:05 UTC": one unambiguous form for every language. */
function utcTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

async function loadOrder(k: Kysely<Database>, userId: number, orderId: number) {
  return k
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('products as p', 'p.id', 'o.product_id')
    .select(['p.name as product', 'o.id', 'o.product_id', 'o.quantity', 'o.unit_price', 'o.amount', 'o.coupon_amount', 'o.day_return_amount', 'o.valid_days', 'o.created_at', 'o.ends_ms', 'o.status', 'u.phone'])
    .where('o.id', '=', orderId)
    .where('o.user_id', '=', userId)
    .executeTakeFirst();
}

/** The PDF bytes, or null when the member has no such order (another member's order included). */
export async function orderAgreementPdf(
  k: Kysely<Database>,
  input: { userId: number; orderId: number; locale: LocaleTag; operatorName: string; now: Date },
): Promise<Buffer | null> {
  const order = await loadOrder(k, input.userId, input.orderId);
  if (!order) return null;
  const agreement = await productAgreement(k, order.product_id, input.locale, input.operatorName);
  if (!agreement) return null;

  const { locale } = input;
  const t = (key: MessageKey, params: MessageParams = {}) => translate(locale, key, params);
  const usdt = (micro: bigint) => `${formatAmount(micro)} USDT`;
  const dailyIncome = toMicro(order.day_return_amount) * BigInt(order.quantity);
  const couponAmount = toMicro(order.coupon_amount);
  const figures: [MessageKey, string][] = [
    ['pdfOrderNumber', String(order.id)],
    ['pdfOrderDate', utcTime(order.created_at)],
    ['pdfMember', maskPhone(order.phone)],
    ['pdfProduct', order.product],
    ['pdfQuantity', String(order.quantity)],
    ['pdfUnitPrice', usdt(toMicro(order.unit_price))],
    ...(couponAmount > 0n ? [['pdfCoupon', `-${usdt(couponAmount)}`] as [MessageKey, string]] : []),
    ['pdfAmountPaid', usdt(toMicro(order.amount))],
    ['pdfDailyReturn', usdt(dailyIncome)],
    [
      'pdfLeasePeriod',
      t('pdfLeasePeriodValue', { start: utcTime(order.created_at), end: utcTime(new Date(Number(order.ends_ms)).toISOString()), days: order.valid_days }),
    ],
    ['pdfExpectedTotal', usdt(dailyIncome * BigInt(order.valid_days))],
    ['pdfStatus', t(order.status === 'Expired' ? 'pdfStatusExpired' : 'pdfStatusValid')],
  ];

  // Loaded on the first agreement asked for, not at every start (pdfkit takes a couple of hundred ms to load).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: agreement.title, Author: input.operatorName, Subject: t('pdfOrderNumber') + ' ' + order.id, CreationDate: input.now },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const writer = createWriter(doc, locale, doc.page.width - 2 * MARGIN);
  const paragraph = (segments: Segment[], size: number, color = INK, after = 0.4) => writer.paragraph(segments, { size, color, after });

  paragraph([{ text: agreement.title, bold: true }], 18, INK, 0.2);
  paragraph([{ text: `${t('pdfOperator')}: `, bold: true }, { text: input.operatorName }], 10, GREY, 0.1);
  paragraph([{ text: t('pdfVersion', { version: agreement.version }) }], 10, GREY, 1);

  paragraph([{ text: t('pdfOrderHeading'), bold: true }], 13, INK, 0.3);
  for (const [label, value] of figures) paragraph([{ text: `${t(label)}: `, bold: true }, { text: value }], 11, INK, 0.15);
  doc.moveDown(0.8);

  for (const section of agreement.sections) {
    paragraph([{ text: section.heading, bold: true }], 13, INK, 0.2);
    paragraph([{ text: section.body }], 11, INK, 0.8);
  }
  paragraph([{ text: t('pdfFooter', { order: order.id, time: utcTime(input.now.toISOString()) }) }], 9, GREY, 0);
  doc.end();
  return done;
}
