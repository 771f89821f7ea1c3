import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { FRESH, useRecordsInfiniteQuery } from '../../api/endpoints';
import { RECORD_FILTERS } from '../../api/wallet';
import { RecordItem } from './record-item';
import '../../wallet.css';

const ALL = 'all';

/** The filter in `?type=`: one of the contract's numbers (5 = Daily Income), else all records. */
export function typeFilterOf(param: string | null): number | null {
  const value = Number(param);
  return param !== null && Number.isInteger(value) && value in RECORD_FILTERS ? value : null;
}

/** `/user/record`, `/user/record2`, `/user/recordU`: every ledger record, filterable by type. */
export default function RecordsScreen() {
  const { t } = useTranslation('wallet');
  const [params, setParams] = useSearchParams();
  const type = typeFilterOf(params.get('type'));
  const records = useRecordsInfiniteQuery(type, FRESH);
  return (
    <div className="wallet-screen">
      <Tabs
        activeKey={type === null ? ALL : String(type)}
        onChange={(key) => setParams(key === ALL ? {} : { type: key }, { replace: true })}
      >
        <Tabs.Tab key={ALL} title={t('records.all')} />
        {Object.entries(RECORD_FILTERS).map(([number, name]) => (
          <Tabs.Tab key={number} title={t(`recordType.${name}`)} />
        ))}
      </Tabs>
      <InfiniteList
        key={type ?? ALL}
        className="wallet-list"
        source={records}
        loadError={t('common:errors.refresh')}
        itemKey={(record) => record.id}
        renderItem={(record) => <RecordItem record={record} />}
        empty={<PageEmpty className="wallet-empty" title={t('records.empty')} />}
      />
    </div>
  );
}
