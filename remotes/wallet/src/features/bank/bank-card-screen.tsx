import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@rigshare/i18n';
import { FRESH, useBankCardQuery } from '../../api/endpoints';
import { BoundScreen } from '../shared/binding-screens';

/** `/user/Caddress` and `/user/bank`: the bound bank card, or a way to add one. */
export default function BankCardScreen() {
  const { t, i18n } = useTranslation('wallet');
  const bankCard = useBankCardQuery(undefined, FRESH);
  return (
    <BoundScreen keys="bank" source={bankCard} bindPath="/user/CaddAddress">
      {(card) => (
        <>
          <List.Item extra={card.holderName}>{t('bank.holderName')}</List.Item>
          <List.Item extra={card.bankName}>{t('bank.bankName')}</List.Item>
          <List.Item extra={card.accountNumber}>{t('bank.accountNumber')}</List.Item>
          <List.Item extra={card.ifsc} description={formatDateTime(card.createTime, i18n.language)}>
            {t('bank.ifsc')}
          </List.Item>
        </>
      )}
    </BoundScreen>
  );
}
