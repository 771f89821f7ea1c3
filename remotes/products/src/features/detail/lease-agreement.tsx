import { useTranslation } from 'react-i18next';
import type { LeaseAgreement as Agreement } from '../../api/products';
import '../../products.css';

/** The whole lease agreement, its sections in the server's order, naming the operator. */
export function LeaseAgreement({ agreement }: { agreement: Agreement }) {
  const { t } = useTranslation('products');
  return (
    <section className="products-detail-section products-agreement" data-testid="lease-agreement" aria-labelledby="products-agreement-title">
      <h2 id="products-agreement-title">{agreement.title}</h2>
      <p className="products-muted">
        {t('agreement.operator', { name: agreement.operatorName })} · {t('agreement.version', { version: agreement.version })}
      </p>
      <div className="products-agreement-text" data-testid="lease-agreement-text">
        {agreement.sections.map((section, index) => (
          <div key={`${index}-${section.heading}`} className="products-agreement-section">
            <h3>{section.heading}</h3>
            <p>{section.body}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
