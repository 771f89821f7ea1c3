import { useState } from 'react';
import { Button, Dialog, ErrorBlock, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getBankCard, saveBankCard } from '../../api/wallet';
import { useRequest } from '@rigshare/ui';
import { BankCardForm, type BankCardInput } from './bank-card-form';
import '../../wallet.css';

/** `/user/CaddAddress`: bind the bank card, or replace the bound one. */
export default function AddBankCardScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [state, retry] = useRequest('bank', getBankCard);

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

  const save = async (input: BankCardInput) => {
    if (replacing && !(await Dialog.confirm({ content: t('bank.replaceWarning'), confirmText: t('actions.confirm'), cancelText: t('actions.cancel') }))) return;
    setBusy(true);
    try {
      await saveBankCard(input);
      Toast.show({ icon: 'success', content: t('bank.saved') });
      navigate('/user/Caddress', { replace: true });
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-screen">
      {replacing && <NoticeBar wrap color="alert" content={t('bank.replaceWarning')} />}
      <BankCardForm busy={busy} onSubmit={(input) => void save(input)} />
    </div>
  );
}
