import { formatAmount, WITHDRAW_FEE_PERCENT, type LocaleTag } from '@rigshare/domain';
import type { Kysely } from 'kysely';
import { toMicro, type Database } from '../../db/schema';
import { inSentence, translate, type MessageKey } from '../../i18n';
import { AGREEMENT_VERSION } from './service';

/** The lease agreement of one product in the caller's language, with the product's real figures. */
export async function productAgreement(k: Kysely<Database>, productId: number, locale: LocaleTag, operatorName: string) {
  const product = await k.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  const price = toMicro(product.price_micro);
  const dayReturn = toMicro(product.day_return_micro);
  const params = {
    product: product.name,
    category: product.category_name,
    operator: inSentence(operatorName),
    price: formatAmount(price),
    dayReturn: formatAmount(dayReturn),
    days: product.valid_days,
    total: formatAmount(dayReturn * BigInt(product.valid_days)),
    fee: WITHDRAW_FEE_PERCENT,
  };
  const section = (heading: MessageKey, body: MessageKey) => ({ heading: translate(locale, heading), body: translate(locale, body, params) });
  return {
    productId: product.id,
    version: AGREEMENT_VERSION,
    operatorName,
    title: translate(locale, 'agreementTitle', params),
    sections: [
      section('agreementMachineHeading', 'agreementMachineBody'),
      section('agreementIncomeHeading', 'agreementIncomeBody'),
      section('agreementFeesHeading', 'agreementFeesBody'),
      section('agreementRisksHeading', 'agreementRisksBody'),
      section('agreementOperatorHeading', 'agreementOperatorBody'),
    ],
  };
}
