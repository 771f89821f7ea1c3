import { lazy } from 'react';
import { installServerApi } from '@rigshare/api-client';
import { prefetchUsdtDepositInfo } from './api/endpoints';
import { followLiveEvents } from './api/live-events';
import { CONTRACT_VERSION, type RemoteModule } from '@rigshare/contract';

const BankCardScreen = lazy(() => import('./features/bank/bank-card-screen'));
const WithdrawalRecordsScreen = lazy(() => import('./features/records/withdrawal-records-screen'));
const RecordsScreen = lazy(() => import('./features/records/records-screen'));

const remote: RemoteModule = {
  name: 'wallet',
  // The contract this remote is built against, so a shell that does not support it shows a fallback.
  contractVersion: CONTRACT_VERSION,
  namespace: 'wallet',
  routes: [
    { path: '/user/balance', Component: lazy(() => import('./features/balance/balance-screen')), titleKey: 'balance.title', depth: 2 },
    { path: '/user/fundPwd', Component: lazy(() => import('./features/fund-password/fund-password-screen')), titleKey: 'fundPwd.title', depth: 2 },
    { path: '/user/address', Component: lazy(() => import('./features/address/address-screen')), titleKey: 'address.title', depth: 2 },
    { path: '/user/addAddress', Component: lazy(() => import('./features/address/add-address-screen')), titleKey: 'address.addTitle', depth: 3 },
    { path: '/user/Caddress', Component: BankCardScreen, titleKey: 'bank.title', depth: 2 },
    { path: '/user/bank', Component: BankCardScreen, titleKey: 'bank.title', depth: 2 },
    { path: '/user/CaddAddress', Component: lazy(() => import('./features/bank/add-bank-card-screen')), titleKey: 'bank.addTitle', depth: 3 },
    { path: '/user/withdraw', Component: lazy(() => import('./features/withdraw/usdt-withdraw-screen')), titleKey: 'withdraw.usdtTitle', depth: 2 },
    { path: '/user/cashwithdraw', Component: lazy(() => import('./features/withdraw/bank-withdraw-screen')), titleKey: 'withdraw.bankTitle', depth: 2 },
    { path: '/user/withrecord', Component: WithdrawalRecordsScreen, titleKey: 'withrecord.title', depth: 3 },
    { path: '/user/allExtract', Component: WithdrawalRecordsScreen, titleKey: 'withrecord.title', depth: 2 },
    { path: '/user/record', Component: RecordsScreen, titleKey: 'records.title', depth: 2 },
    { path: '/user/record2', Component: RecordsScreen, titleKey: 'records.title', depth: 2 },
    { path: '/user/recordU', Component: RecordsScreen, titleKey: 'records.title', depth: 2 },
    { path: '/user/recharge', Component: lazy(() => import('./features/recharge/usdt-recharge-screen')), titleKey: 'usdt.title', depth: 2, prefetch: prefetchUsdtDepositInfo },
    { path: '/user/newrecharge', Component: lazy(() => import('./features/recharge/usdt-deposits-screen')), titleKey: 'usdt.recordsTitle', depth: 2 },
    { path: '/user/stock', Component: lazy(() => import('./features/stock/stock-screen')), titleKey: 'stock.title', depth: 5 },
    { path: '/user/pdf', Component: lazy(() => import('./features/pdf/pdf-screen')), titleKey: 'pdf.title', depth: 3 },
    { path: '/user/cashrecharge', Component: lazy(() => import('./features/recharge/cash-recharge-screen')), titleKey: 'recharge.title', depth: 2 },
  ],
  loadTranslations: (lng) => import(`../locales/${lng}/wallet.json`),
  // The screens read server data through the page's one RTK Query API (api/endpoints.ts).
  setup: () => {
    installServerApi();
    followLiveEvents();
  },
};

export default remote;
