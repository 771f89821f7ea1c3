import { formatUsdt, type MoneyFormat } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';

export interface MoneyProps extends MoneyFormat {
  /** Integer micro-units, as the API sends them (a string) or as computed (a bigint). */
  micro: string | bigint;
}

/** An amount in USDT in the reader's language, every decimal it has unless `decimals` says otherwise: "12500000" -> "12.50 USDT". */
export function Money({ micro, decimals = 'exact', signed = false }: MoneyProps) {
  const { i18n } = useTranslation();
  return <>{formatUsdt(micro, i18n.language, { decimals, signed })}</>;
}
