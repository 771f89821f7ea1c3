import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';
import { PageEmpty, PullToLoadList } from '@rigshare/ui';
import { listUsdtDeposits } from '../../api/usdt-deposits';
import { UsdtDepositItem } from './usdt-deposit-item';

/** How often an open deposit list asks for new deposits and confirmations (a BSC block is ~3 s). */
export const DEPOSIT_REFRESH_MS = 5_000;

/** Counts up every `ms` while the page is visible; a hidden tab asks nothing. */
function useVisibleTicker(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setTick((n) => n + 1);
    }, ms);
    return () => clearInterval(timer);
  }, [ms]);
  return tick;
}

/** The member's USDT deposits, newest first, kept live: Pending counts its confirmations up to Arrived. */
export function UsdtDepositList({ refreshMs = DEPOSIT_REFRESH_MS }: { refreshMs?: number }) {
  const { t } = useTranslation('wallet');
  const tick = useVisibleTicker(refreshMs);
  const load = useCallback((pageNum: number) => listUsdtDeposits(pageNum, DEFAULT_PAGE_SIZE), []);
  return (
    <PullToLoadList
      className="wallet-list"
      load={load}
      refreshKey={tick}
      itemKey={(d) => d.id}
      renderItem={(d) => <UsdtDepositItem deposit={d} />}
      empty={<PageEmpty className="wallet-empty" title={t('usdt.noDeposits')} />}
    />
  );
}
