import { invalidateOnLive, serverApi } from '@rigshare/api-client';

/**
 * What the live channel changes on wallet screens: a USDT deposit seen, confirmed or credited, and a
 * withdrawal approved, paid or rejected (the records list both). The balance (any ledger transfer)
 * is the shell's to follow: its own screens show it too.
 */
export const followLiveEvents = () =>
  invalidateOnLive(serverApi.util.invalidateTags, {
    deposit: ['Deposits'],
    withdrawal: ['Withdrawals', 'Records'],
  });
