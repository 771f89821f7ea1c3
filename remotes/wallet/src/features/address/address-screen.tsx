import { Button, ErrorBlock, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { shortenAddress } from '@rigshare/domain';
import { CopyText, PageEmpty, useRequest } from '@rigshare/ui';
import { getAddress } from '../../api/wallet';
import { formatDateTime } from '@rigshare/i18n';
import '../../wallet.css';

/** `/user/address`: the bound USDT withdrawal address, or a way to add one. */
export default function AddressScreen() {
  const { t, i18n } = useTranslation('wallet');
  const navigate = useNavigate();
  const [state, retry] = useRequest('address', getAddress);
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
        <PageEmpty className="wallet-empty" title={t('address.emptyTitle')} description={t('address.emptyDescription')}>
          <Button color="primary" onClick={() => navigate('/user/addAddress')}>
            {t('address.add')}
          </Button>
        </PageEmpty>
      )}
      {state.status === 'ready' && state.data !== null && (
        <>
          <List className="wallet-card">
            <List.Item extra={`${state.data.currency} · ${state.data.chain}`}>{t('address.network')}</List.Item>
            <List.Item description={formatDateTime(state.data.createTime, i18n.language)}>
              <CopyText text={state.data.address} data-testid="bound-address">
                {shortenAddress(state.data.address)}
              </CopyText>
            </List.Item>
          </List>
          <p className="wallet-hint">{t('address.replaceWarning')}</p>
          <Button block onClick={() => navigate('/user/addAddress')}>
            {t('address.replace')}
          </Button>
        </>
      )}
    </div>
  );
}
