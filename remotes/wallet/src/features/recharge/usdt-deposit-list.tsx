import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useUsdtDepositsInfiniteQuery } from '../../api/endpoints';
import { UsdtDepositItem } from './usdt-deposit-item';

/** How often an open deposit list asks for new deposits and confirmations (a BSC block is ~3 s). */
export const DEPOSIT_REFRESH_MS = 5_000;

/** The member's USDT deposits, newest first, kept live: Pending counts its confirmations up to Arrived. */
export function UsdtDepositList({ refreshMs = DEPOSIT_REFRESH_MS }: { refreshMs?: number }) {
  const { t } = useTranslation('wallet');
  // The loaded pages reload every `refreshMs` while the page is in front; a hidden tab asks nothing.
  const deposits = useUsdtDepositsInfiniteQuery(undefined, { pollingInterval: refreshMs, skipPollingIfUnfocused: true });
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
