import { moneyAlike } from '@rigshare/i18n';
import { Button, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage, FRESH, useBalanceQuery } from '../../api/endpoints';
import type { Balance } from '../../api/wallet';
import { LoadFailed } from '@rigshare/ui';
import { HoldNotice } from '../shared/hold-notice';
import { WalletNotices } from './wallet-notices';
import '../../wallet.css';

const ACTIONS = [
  { path: '/user/withdraw', key: 'balance.withdraw' },
  { path: '/user/cashwithdraw', key: 'balance.bankWithdraw' },
  { path: '/user/recharge', key: 'balance.usdtRecharge' },
  { path: '/user/cashrecharge', key: 'balance.cashRecharge' },
  { path: '/user/record', key: 'balance.records' },
  // Income records under their own path (the legacy revenue records), filtered to Daily Income.
  { path: '/user/record2?type=5', key: 'balance.incomeRecords' },
  { path: '/user/withrecord', key: 'balance.withdrawalRecords' },
  { path: '/user/stock', key: 'balance.holdings' },
  { path: '/user/address', key: 'address.title' },
  { path: '/user/Caddress', key: 'bank.title' },
] as const;

/** The member's money in each state under its own name, all with the same decimals, and the wallet's actions. */
export function BalanceView({ balance }: { balance: Balance }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [available, pendingIncome, incomeArriving, heldForWithdrawals] = moneyAlike([
    balance.available,
    balance.pendingIncome,
    balance.incomeArriving,
    balance.heldForWithdrawals,
  ]);
  const states = [
    { key: 'pendingIncome', testId: 'balance-pending', amount: pendingIncome },
    { key: 'incomeArriving', testId: 'balance-income-arriving', amount: incomeArriving },
    { key: 'heldForWithdrawals', testId: 'balance-held', amount: heldForWithdrawals },
  ] as const;
  return (
    <>
      <HoldNotice until={balance.withdrawHoldUntil} />
      <div className="wallet-card wallet-balance">
        <div className="wallet-balance__label">{t('balance.available')}</div>
        <div className="wallet-balance__main" data-testid="balance-available">
          {available} {balance.currency}
        </div>
        <List className="wallet-balance__states">
          {states.map(({ key, testId, amount }) => (
            <List.Item
              key={key}
              data-testid={`${testId}-row`}
              description={t(`balance.${key}Hint`)}
              extra={
                <span className="wallet-balance__amount" data-testid={testId}>
                  {amount} {balance.currency}
                </span>
              }
            >
              {t(`balance.${key}`)}
            </List.Item>
          ))}
        </List>
      </div>
      <div className="wallet-actions">
        {ACTIONS.map(({ path, key }) => (
          <Button key={path} block color={path === '/user/withdraw' ? 'primary' : 'default'} onClick={() => navigate(path)}>
            {t(key)}
          </Button>
        ))}
      </div>
    </>
  );
}

/** `/user/balance`: "My wallet". */
export default function BalanceScreen() {
  const balance = useBalanceQuery(undefined, FRESH);
  return (
    <div className="wallet-screen">
      <WalletNotices />
      {balance.data ? (
        <BalanceView balance={balance.data} />
      ) : balance.isError ? (
        <LoadFailed title={errorMessage(balance.error)} retry={() => void balance.refetch()} />
      ) : (
        <Skeleton.Paragraph lineCount={5} animated />
      )}
    </div>
  );
}
