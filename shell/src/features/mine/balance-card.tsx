import { List, Skeleton } from 'antd-mobile';
import { CheckShieldOutline, PayCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime, money } from '@rigshare/i18n';
import { useSolvencyProofQuery } from '../solvency/solvency-api';
import { useLiveBalanceQuery } from './mine-balance-api';

/**
 * What the member holds now, first; below it, as a secondary line, the balance the newest hourly
 * solvency snapshot counted and the hour it was taken (the proof itself is on /solvency).
 */
export function BalanceCard() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const balance = useLiveBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: proof } = useSolvencyProofQuery(undefined, { refetchOnMountOrArgChange: true });

  return (
    <List mode="card" className="mine-balance">
      <List.Item
        prefix={<PayCircleOutline />}
        extra={
          balance.data ? (
            <strong className="mine-balance__amount" data-testid="mine-balance">
              {money(balance.data.available)} USDT
            </strong>
          ) : (
            <Skeleton.Title animated className="mine-balance__loading" />
          )
        }
        onClick={() => navigate('/user/balance')}
      >
        {t('mine.balance')}
      </List.Item>
      {proof && (
        <List.Item
          prefix={<CheckShieldOutline />}
          description={t('mine.proof.at', { time: formatDateTime(proof.takenAt, i18n.language) })}
          extra={<span data-testid="mine-proof-balance">{money(proof.balance, { decimals: 'exact' })} USDT</span>}
          onClick={() => navigate('/solvency')}
          data-testid="mine-proof"
        >
          {t('mine.proof.title')}
        </List.Item>
      )}
    </List>
  );
}
