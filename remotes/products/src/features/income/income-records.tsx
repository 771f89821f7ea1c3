import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useIncomeRecordsInfiniteQuery } from '../../api/endpoints';
import { IncomeRecordItem } from './income-record-item';
import '../../products.css';

/** The member's income records, newest first, a page at a time; a takeout or a purchase reloads them (tags). */
export function IncomeRecords() {
  const { t } = useTranslation('products');
  const records = useIncomeRecordsInfiniteQuery();
  return (
    <section className="products-detail-section">
      <h2>{t('income.records')}</h2>
      <InfiniteList
        source={records}
        loadError={t('income.loadError')}
        itemKey={(record) => record.id}
        renderItem={(record) => <IncomeRecordItem record={record} />}
        empty={<PageEmpty title={t('income.noRecordsTitle')} description={t('income.noRecordsDescription')} />}
      />
    </section>
  );
}
