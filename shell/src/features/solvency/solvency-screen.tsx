import { Button, Card, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { formatDateTime, usdt } from '@rigshare/i18n';
import { selectSession } from '@rigshare/session';
import { ProofCard } from './proof-card';
import { useSolvencyQuery } from './solvency-api';
import './solvency.css';

const shortAddress = (address: string) => `${address.slice(0, 8)}…${address.slice(-6)}`;

/** The public solvency page: what the platform owes members, what backs it, and the Merkle root of the newest snapshot. */
export default function SolvencyScreen() {
  const { t, i18n } = useTranslation('shell');
  const session = useSelector(selectSession);
  const { data: page, isError: failed, refetch } = useSolvencyQuery(undefined, { refetchOnMountOrArgChange: true });

  if (failed) {
    return (
      <ErrorBlock status="disconnected" title={t('solvency.loadFailed')} description="">
        <Button size="small" color="primary" onClick={() => void refetch()}>
          {t('common:actions.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  if (!page) return <Skeleton.Paragraph lineCount={8} animated />;
  const s = page.snapshot;

  return (
    <div className="solvency-screen" data-testid="solvency-screen">
      <p className="solvency-intro">{t('solvency.intro')}</p>
      <Card title={t('solvency.liabilities.title')}>
        {!s && <p className="solvency-note" data-testid="solvency-no-snapshot">{t('solvency.noSnapshot')}</p>}
        {s && (
          <dl className="solvency-pairs" data-testid="solvency-liabilities">
            <dt>{t('solvency.liabilities.total')}</dt>
            <dd className="solvency-strong" data-testid="solvency-total">{usdt(s.memberLiabilities)}</dd>
            <dt>{t('solvency.liabilities.available')}</dt>
            <dd>{usdt(s.memberAvailable)}</dd>
            <dt>{t('solvency.liabilities.held')}</dt>
            <dd>{usdt(s.memberHeld)}</dd>
            <dt>{t('solvency.liabilities.incomeOwed')}</dt>
            <dd>{usdt(s.memberPendingIncome)}</dd>
            <dt>{t('solvency.takenAt')}</dt>
            <dd data-testid="solvency-time">{formatDateTime(s.takenAt, i18n.language)}</dd>
            <dt>{t('solvency.members')}</dt>
            <dd>{s.leafCount}</dd>
            <dt>{t('solvency.root')}</dt>
            <dd className="solvency-hash" data-testid="solvency-root">{s.root}</dd>
          </dl>
        )}
      </Card>

      {s && (
        <Card title={t('solvency.platformFunds.title')} data-testid="solvency-platform-funds">
          <p className="solvency-note">{t('solvency.platformFunds.note')}</p>
          <dl className="solvency-pairs">
            <dt>{t('solvency.revenuePool')}</dt>
            <dd data-testid="solvency-pool">{usdt(s.revenuePool)}</dd>
            <dt>{t('solvency.rewardsBudget')}</dt>
            <dd data-testid="solvency-budget">{usdt(s.rewardsBudget)}</dd>
          </dl>
        </Card>
      )}

      <Card title={t('solvency.reserves.title')}>
        {!page.reservesConfigured && <p className="solvency-note" data-testid="solvency-reserves-off">{t('solvency.reserves.notConfigured')}</p>}
        {page.reservesConfigured && page.reserves.length === 0 && <p className="solvency-note">{t('solvency.noSnapshot')}</p>}
        {page.reserves.length > 0 && (
          <dl className="solvency-pairs" data-testid="solvency-reserves">
            {page.reserves.map((r) => (
              <div key={r.address} className="solvency-pair">
                <dt>
                  <a href={r.explorerUrl} target="_blank" rel="noopener noreferrer" title={t('solvency.reserves.explorer', { address: r.address })}>
                    {shortAddress(r.address)}
                  </a>
                </dt>
                <dd>{r.balance === null ? t('solvency.reserves.unread') : usdt(r.balance)}</dd>
              </div>
            ))}
            <div className="solvency-pair">
              <dt>{t('solvency.reserves.total')}</dt>
              <dd className="solvency-strong">{usdt(page.onChainTotal)}</dd>
            </div>
          </dl>
        )}
      </Card>

      <Card title={t('solvency.bank.title')}>
        {page.bankBalances.length === 0 && <p className="solvency-note">{t('solvency.bank.none')}</p>}
        {page.bankBalances.length > 0 && (
          <dl className="solvency-pairs" data-testid="solvency-bank">
            {page.bankBalances.map((b) => (
              <div key={b.name} className="solvency-pair">
                <dt>
                  {b.name}
                  <span className="solvency-weak"> {t('solvency.bank.asOf', { date: b.asOf })}</span>
                </dt>
                <dd>{usdt(b.amount)}</dd>
              </div>
            ))}
            <div className="solvency-pair">
              <dt>{t('solvency.bank.total')}</dt>
              <dd className="solvency-strong">{usdt(page.bankTotal)}</dd>
            </div>
          </dl>
        )}
      </Card>

      {session.token ? (
        <ProofCard />
      ) : (
        <p className="solvency-note solvency-login">
          {t('solvency.proof.loginHint')} <Link to="/user/login" data-testid="solvency-login">{t('solvency.proof.login')}</Link>
        </p>
      )}
      <p className="solvency-note">{t('solvency.limits')}</p>
    </div>
  );
}
