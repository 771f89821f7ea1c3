import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageEmpty, useRequest } from '@rigshare/ui';
import { getBankCard } from '../../api/wallet';
import { formatDateTime } from '@rigshare/i18n';
import '../../wallet.css';

/** `/user/Caddress` and `/user/bank`: the bound bank card, or a way to add one. */
export default function BankCardScreen() {
  const { t, i18n } = useTranslation('wallet');
  const navigate = useNavigate();
  const [state, retry] = useRequest('bank', getBankCard);
  return (
    <div className="wallet-screen">
      {state.status === 'loading' && <Skeleton.Paragraph lineCount={4} animated />}
      {state.status === 'error' && (
        <ErrorBlock status="default" title={state.message} description="">
          <Button color="primary" onClick={retry}>
            {t('actions.retry')}
          </Button>
        </ErrorBlock>
      )}
      {state.status === 'ready' && state.data === null && (
        <PageEmpty className="wallet-empty" title={t('bank.emptyTitle')} description={t('bank.emptyDescription')}>
          <Button color="primary" onClick={() => navigate('/user/CaddAddress')}>
            {t('bank.add')}
          </Button>
        </PageEmpty>
      )}
      {state.status === 'ready' && state.data !== null && (
        <>
          <List className="wallet-card">
            <List.Item extra={state.data.holderName}>{t('bank.holderName')}</List.Item>
            <List.Item extra={state.data.bankName}>{t('bank.bankName')}</List.Item>
            <List.Item extra={state.data.accountNumber}>{t('bank.accountNumber')}</List.Item>
            <List.Item extra={state.data.ifsc} description={formatDateTime(state.data.createTime, i18n.language)}>
              {t('bank.ifsc')}
            </List.Item>
          </List>
          <p className="wallet-hint">{t('bank.replaceWarning')}</p>
          <Button block onClick={() => navigate('/user/CaddAddress')}>
            {t('bank.replace')}
          </Button>
        </>
      )}
    </div>
  );
}
