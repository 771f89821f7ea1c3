import { useTranslation } from 'react-i18next';
import { useLivePollingInterval } from '@rigshare/api-client';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useUsdtDepositsInfiniteQuery } from '../../api/endpoints';
import { UsdtDepositItem } from './usdt-deposit-item';

/** How often an open deposit list asks for new deposits and confirmations (a BSC block is ~3 s). */
export const DEPOSIT_REFRESH_MS = 5_000;

/** The member's USDT deposits, newest first, kept live: Pending counts its confirmations up to Arrived. */
export function UsdtDepositList({ refreshMs = DEPOSIT_REFRESH_MS }: { refreshMs?: number }) {
  const { t } = useTranslation('wallet');
  // The live channel's `deposit` events reload the list; without the channel the loaded pages reload
  // every `refreshMs` while the page is in front, and a hidden tab asks nothing.
  const pollingInterval = useLivePollingInterval(refreshMs);
  const deposits = useUsdtDepositsInfiniteQuery(undefined, { pollingInterval, skipPollingIfUnfocused: true });
  return (
    <InfiniteList
      className="wallet-list"
      source={deposits}
      loadError={t('common:errors.refresh')}
      itemKey={(d) => d.id}
      renderItem={(d) => <UsdtDepositItem deposit={d} />}
      empty={<PageEmpty className="wallet-empty" title={t('usdt.noDeposits')} />}
    />
  );
}
