import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatDateTime, usdt } from '@rigshare/i18n';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { FRESH, useHoldingsInfiniteQuery } from '../../api/endpoints';
import { ExchangeCard } from '../exchange/exchange-card';
import { agreementPath, daysLeft } from './holding-math';
import type { Holding } from '../../api/wallet';
import '../../wallet.css';
import './stock.css';

/** One machine the member holds: what they paid, what it is expected to return, until when, and its agreement. */
export function HoldingItem({ holding, now = Date.now() }: { holding: Holding; now?: number }) {
  const { t, i18n } = useTranslation('wallet');
  const valid = holding.status === 'Valid';
  const statusLabel = { Valid: 'stock.valid', Expired: 'stock.expired', Sold: 'stock.soldBack' } as const;
  const facts: [string, string][] = [
    [t('stock.quantity'), String(holding.quantity)],
    [t('stock.paid'), usdt(holding.amount)],
    [t('stock.dailyReturn'), usdt(holding.dailyIncome)],
    [t('stock.start'), formatDateTime(holding.createTime, i18n.language)],
    [t('stock.end'), formatDateTime(holding.expireTime, i18n.language)],
    [t('stock.daysLeft'), String(daysLeft(holding, now))],
  ];
  return (
    <article className="wallet-card" data-testid="holding">
      <div className="wallet-holding__title">
        <strong>{holding.productName}</strong>
        <Tag color={valid ? 'success' : 'default'} data-testid="holding-status">
          {t(statusLabel[holding.status])}
        </Tag>
      </div>
      <div className="wallet-record__muted">{t('stock.orderNumber', { id: holding.id })}</div>
      <dl className="wallet-holding__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link to={agreementPath(holding.id)} data-testid="holding-agreement">
        {t('stock.agreement')}
      </Link>
    </article>
  );
}

/** `/user/stock`: "My holdings": the exchange card, then the member's machines, newest first. */
export default function StockScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const holdings = useHoldingsInfiniteQuery(undefined, FRESH);
  return (
    <div className="wallet-screen">
      <ExchangeCard />
      {/* The exchanges made, under the legacy USDT records path, filtered to Exchange. */}
      <Button block fill="none" color="primary" onClick={() => navigate('/user/recordU?type=9')} data-testid="exchange-records">
        {t('stock.exchangeRecords')}
      </Button>
      <h3 className="wallet-subtitle">{t('stock.machines')}</h3>
      <InfiniteList
        className="wallet-list"
        source={holdings}
        loadError={t('common:errors.refresh')}
        itemKey={(holding) => holding.id}
        renderItem={(holding) => <HoldingItem holding={holding} />}
        empty={
          <PageEmpty className="wallet-empty" title={t('stock.empty')}>
            <Button size="small" color="primary" onClick={() => navigate('/projects')}>
              {t('stock.browse')}
            </Button>
          </PageEmpty>
        }
      />
    </div>
  );
}
