import { useState } from 'react';
import { Button, Dialog, ErrorBlock, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getAddress, saveAddress } from '../../api/wallet';
import { useRequest } from '@rigshare/ui';
import { AddressForm, type AddressInput } from './address-form';
import '../../wallet.css';

/** `/user/addAddress`: bind the USDT (BEP20) withdrawal address, or replace the bound one. */
export default function AddAddressScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [state, retry] = useRequest('address', getAddress);

  if (state.status === 'loading') return <Skeleton.Paragraph lineCount={5} animated />;
  if (state.status === 'error') {
    return (
      <ErrorBlock status="default" title={state.message} description="">
        <Button color="primary" onClick={retry}>
          {t('actions.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const replacing = state.data !== null;

  const save = async (input: AddressInput) => {
    if (replacing && !(await Dialog.confirm({ content: t('address.replaceWarning'), confirmText: t('actions.confirm'), cancelText: t('actions.cancel') }))) return;
    setBusy(true);
    try {
      await saveAddress(input.currency, input.chain, input.address, replacing);
      Toast.show({ icon: 'success', content: t('address.saved') });
      navigate('/user/address', { replace: true });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-screen">
      {replacing && <NoticeBar wrap color="alert" content={t('address.replaceWarning')} />}
      <AddressForm busy={busy} onSubmit={(input) => void save(input)} />
    </div>
  );
}
