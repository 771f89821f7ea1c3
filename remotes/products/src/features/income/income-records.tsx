import { useCallback, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@rigshare/domain';
import { PageEmpty, PullToLoadList } from '@rigshare/ui';
import { listIncomeRecords, type IncomeRecord } from '../../api/income';
import { IncomeRecordItem } from './income-record-item';
import '../../products.css';

/** The member's income records, newest first, a page at a time. */
export function IncomeRecords({ resetKey }: { resetKey?: Key }) {
  const { t } = useTranslation('products');
  const load = useCallback((pageNum: number) => listIncomeRecords(pageNum, DEFAULT_PAGE_SIZE), []);
  return (
    <section className="products-detail-section">
      <h2>{t('income.records')}</h2>
      <PullToLoadList<IncomeRecord>
        resetKey={resetKey}
        load={load}
        itemKey={(record) => record.id}
        renderItem={(record) => <IncomeRecordItem record={record} />}
        empty={<PageEmpty title={t('income.noRecordsTitle')} description={t('income.noRecordsDescription')} />}
      />
    </section>
  );
}
