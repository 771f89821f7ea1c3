import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { FRESH, useWithdrawalsInfiniteQuery } from '../../api/endpoints';
import type { Channel } from '../../api/wallet';
import { FilteredEmpty, useListFilters } from './list-filters';
import { RecordsFilter } from './records-filter';
import { WithdrawalItem } from './withdrawal-item';
import '../../wallet.css';

/** The kinds of withdrawal: the channels, with the names the list's cards carry. */
const CHANNEL_LABELS: Record<Channel, string> = { USDT: 'withrecord.usdt', BANK: 'withrecord.bank' };

const channelOf = (param: string | null): Channel | null => (param === 'USDT' || param === 'BANK' ? param : null);

/** `/user/withrecord` and `/user/allExtract`: the member's withdrawals, newest first, filterable by channel and month. */
export default function WithdrawalRecordsScreen() {
  const { t } = useTranslation('wallet');
  const filters = useListFilters('channel');
  const channel = channelOf(filters.kind);
  const withdrawals = useWithdrawalsInfiniteQuery({ channel, month: filters.month }, FRESH);
  return (
    <div className="wallet-screen">
      <RecordsFilter
        kinds={(Object.keys(CHANNEL_LABELS) as Channel[]).map((value) => ({ value, label: t(CHANNEL_LABELS[value]) }))}
        kind={channel}
        month={filters.month}
        onKind={filters.setKind}
        onMonth={filters.setMonth}
      />
      <InfiniteList
        key={`${channel ?? ''}|${filters.month ?? ''}`}
        className="wallet-list"
        source={withdrawals}
        loadError={t('common:errors.refresh')}
        itemKey={(w) => w.id}
        renderItem={(w) => <WithdrawalItem withdrawal={w} />}
        empty={
          channel === null && filters.month === null ? (
            <PageEmpty className="wallet-empty" title={t('withrecord.empty')} />
          ) : (
            <FilteredEmpty list="withrecord" kind={channel && t(CHANNEL_LABELS[channel])} month={filters.month} />
          )
        }
      />
    </div>
  );
}
