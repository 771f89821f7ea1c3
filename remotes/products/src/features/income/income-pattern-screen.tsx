import { useTranslation } from 'react-i18next';
import { MoreLinks } from '../shared/more-links';
import '../../products.css';

const POINTS = ['source', 'accrual', 'pool', 'delay', 'claim', 'firstDay', 'expected'] as const;

/** `/index/incomePattern`: how daily income works, plainly and without promises. */
export default function IncomePatternScreen() {
  const { t } = useTranslation('products');
  return (
    <div className="products-screen products-detail">
      <section className="products-detail-section products-pattern">
        <h2>{t('pattern.heading')}</h2>
        <ol>
          {POINTS.map((point) => (
            <li key={point}>
              <h3>{t(`pattern.${point}.title`)}</h3>
              <p>{t(`pattern.${point}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <MoreLinks
        links={[
          { to: '/projects', text: t('orders.browse') },
          { to: '/user/receiveincome', text: t('income.title') },
        ]}
      />
    </div>
  );
}
