import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { FRESH, useWithdrawalsInfiniteQuery } from '../../api/endpoints';
import { WithdrawalItem } from './withdrawal-item';
import '../../wallet.css';

/** `/user/withrecord` and `/user/allExtract`: the member's withdrawals, newest first. */
export default function WithdrawalRecordsScreen() {
  const { t } = useTranslation('wallet');
  const withdrawals = useWithdrawalsInfiniteQuery(undefined, FRESH);
  return (
    <div className="wallet-screen">
      <InfiniteList
        className="wallet-list"
        source={withdrawals}
        loadError={t('common:errors.refresh')}
        itemKey={(w) => w.id}
        renderItem={(w) => <WithdrawalItem withdrawal={w} />}
        empty={<PageEmpty className="wallet-empty" title={t('withrecord.empty')} />}
      />
    </div>
  );
}
