import { Button, Grid, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getBalance, type Balance } from '../../api/wallet';
import { formatMoney } from '../../shared/money';
import { LoadFailed, useRequest } from '@rigshare/ui';
import { HoldNotice } from '../shared/hold-notice';
import '../../wallet.css';

const ACTIONS = [
  { path: '/user/withdraw', key: 'balance.withdraw' },
  { path: '/user/cashwithdraw', key: 'balance.bankWithdraw' },
  { path: '/user/recharge', key: 'balance.usdtRecharge' },
  { path: '/user/cashrecharge', key: 'balance.cashRecharge' },
  { path: '/user/record', key: 'balance.records' },
  { path: '/user/withrecord', key: 'balance.withdrawalRecords' },
  { path: '/user/stock', key: 'balance.holdings' },
] as const;

/** The three balances and the wallet's actions. */
export function BalanceView({ balance }: { balance: Balance }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <>
      <HoldNotice until={balance.withdrawHoldUntil} />
      <div className="wallet-card wallet-balance">
        <div className="wallet-balance__label">{t('balance.available')}</div>
        <div className="wallet-balance__main" data-testid="balance-available">
          {formatMoney(balance.available)} {balance.currency}
        </div>
        <Grid columns={2} gap={8}>
          <Grid.Item>
            <div className="wallet-balance__label">{t('balance.pendingIncome')}</div>
            <div data-testid="balance-pending">{formatMoney(balance.pendingIncome)} {balance.currency}</div>
          </Grid.Item>
          <Grid.Item>
            <div className="wallet-balance__label">{t('balance.held')}</div>
            <div data-testid="balance-held">{formatMoney(balance.held)} {balance.currency}</div>
          </Grid.Item>
        </Grid>
        <p className="wallet-hint">{t('balance.heldHint')}</p>
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
  const [state, retry] = useRequest('balance', getBalance);
  return (
    <div className="wallet-screen">
      {state.status === 'loading' && <Skeleton.Paragraph lineCount={5} animated />}
      {state.status === 'error' && (
        <LoadFailed title={state.message} retry={retry} />
      )}
      {state.status === 'ready' && <BalanceView balance={state.data} />}
    </div>
  );
}
