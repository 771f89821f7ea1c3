import { useTranslation } from 'react-i18next';
import { PageEmpty, PullToLoadList } from '@rigshare/ui';
import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';
import { listWithdrawals } from '../../api/wallet';
import { WithdrawalItem } from './withdrawal-item';
import '../../wallet.css';

const load = (pageNum: number) => listWithdrawals(pageNum, DEFAULT_PAGE_SIZE);

/** `/user/withrecord` and `/user/allExtract`: the member's withdrawals, newest first. */
export default function WithdrawalRecordsScreen() {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-screen">
      <PullToLoadList
        className="wallet-list"
        load={load}
        itemKey={(w) => w.id}
        renderItem={(w) => <WithdrawalItem withdrawal={w} />}
        empty={<PageEmpty className="wallet-empty" title={t('withrecord.empty')} />}
      />
    </div>
  );
}
