import { useTranslation } from 'react-i18next';
import { ProgressMeter } from '@rigshare/ui';
import { shareSoldPercent } from './share-sold';
import '../../products.css';

/** The real share sold: units sold over units offered (DESIGN.md section 1). */
export function ShareSoldBar({ unitsSold, unitsOffered }: { unitsSold: number; unitsOffered: number }) {
  const { t } = useTranslation('products');
  const percent = shareSoldPercent(unitsSold, unitsOffered);
  return (
    <div className="products-share-sold">
      <ProgressMeter percent={percent} className="products-progress" label={t('card.shareSold')} />
      <div className="products-share-sold-text">
        <span>{t('card.percentSold', { percent })}</span>
        <span>{t('card.unitsSold', { sold: unitsSold, offered: unitsOffered })}</span>
      </div>
    </div>
  );
}
