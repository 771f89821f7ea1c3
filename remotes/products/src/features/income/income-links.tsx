import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import '../../products.css';

/** The links under the income figures: receive today's income (worded by the screen) and how income works. */
export function IncomeLinks({ receiveText }: { receiveText: string }) {
  const { t } = useTranslation('products');
  return (
    <div className="products-links">
      <Link to="/user/receiveincome" className="products-more-link">
        {receiveText}
      </Link>
      <Link to="/index/incomePattern" className="products-more-link">
        {t('detail.howIncomeWorks')}
      </Link>
    </div>
  );
}
