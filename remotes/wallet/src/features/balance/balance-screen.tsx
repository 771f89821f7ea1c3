import { useTranslation } from 'react-i18next';
import { PageEmpty } from '@rigshare/ui';
import '../../wallet.css';

/** `/user/balance`: the wallet landing. There is no balance endpoint yet, so it says honestly that activity will appear here; recharge and withdraw come with their own screens. */
export default function BalanceScreen() {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-screen">
      <PageEmpty className="wallet-empty" title={t('balance.emptyTitle')} description={t('balance.emptyDescription')} />
    </div>
  );
}
