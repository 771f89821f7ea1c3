import { useTranslation } from 'react-i18next';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { FRESH, useRecordsInfiniteQuery } from '../../api/endpoints';
import { RECORD_FILTERS, RECORD_TYPES, type RecordType } from '../../api/wallet';
import { RecordItem } from './record-item';
import { FilteredEmpty, useListFilters } from './list-filters';
import { RecordsFilter } from './records-filter';
import '../../wallet.css';

/** The types the ledger writes records of: no operation pays a "Random Bonus". */
export const RECORD_KINDS: readonly RecordType[] = RECORD_TYPES.filter((type) => type !== 'Random Bonus');

/** The filter in `?type=`: a record type or one of the contract's numbers (5 = Daily Income), else all records. */
export function typeFilterOf(param: string | null): RecordType | null {
  if (param === null) return null;
  const number = Number(param);
  if (Number.isInteger(number) && number in RECORD_FILTERS) return RECORD_FILTERS[number];
  return RECORD_KINDS.find((kind) => kind === param) ?? null;
}

/** `/user/record`, `/user/record2`, `/user/recordU`: every ledger record, filterable by type and month. */
export default function RecordsScreen() {
  const { t } = useTranslation('wallet');
  const filters = useListFilters('type');
  const type = typeFilterOf(filters.kind);
  const records = useRecordsInfiniteQuery({ type, month: filters.month }, FRESH);
  return (
    <div className="wallet-screen">
      <RecordsFilter
        kinds={RECORD_KINDS.map((kind) => ({ value: kind, label: t(`recordType.${kind}`) }))}
        kind={type}
        month={filters.month}
        onKind={filters.setKind}
        onMonth={filters.setMonth}
      />
      <InfiniteList
        key={`${type ?? ''}|${filters.month ?? ''}`}
        className="wallet-list"
        source={records}
        loadError={t('common:errors.refresh')}
        itemKey={(record) => record.id}
        renderItem={(record) => <RecordItem record={record} />}
        empty={
          type === null && filters.month === null ? (
            <PageEmpty className="wallet-empty" title={t('records.empty')} />
          ) : (
            <FilteredEmpty list="records" kind={type && t(`recordType.${type}`)} month={filters.month} />
          )
        }
      />
    </div>
  );
}
