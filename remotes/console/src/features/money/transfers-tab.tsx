import { useTranslation } from 'react-i18next';
import { money } from '@rigshare/i18n';
import type { ColumnDef } from '@tanstack/react-table';
import { formatAmount } from '@rigshare/domain';
import type { StaffTransfer } from '@rigshare/api-schema';
import { usePaging } from '../layout/use-paging';
import { When } from '../layout/when';
import { allPages } from '../table/all-pages';
import { DataTable } from '../table/data-table';
import { useStaffTransfersQuery } from './api';

/** The ledger transfers staff made (adjustments, pool and budget funding), newest first, with CSV export. */
export function TransfersTab() {
  const { t } = useTranslation('console');
  const paging = usePaging('transfers');
  const list = useStaffTransfersQuery(paging.query);
  const columns: ColumnDef<StaffTransfer, unknown>[] = [
    { accessorKey: 'id', header: t('money.transfer') },
    { accessorKey: 'type', header: t('columns.kind'), cell: ({ row }) => t(`ledgerTypes.${row.original.type}`, { defaultValue: row.original.type }) },
    { id: 'amount', accessorFn: (r) => Number(r.amount), header: t('columns.amount'), cell: ({ row }) => `${money(row.original.amount, { decimals: 'exact' })} USDT` },
    { accessorKey: 'member', header: t('columns.member') },
    { accessorKey: 'reason', header: t('actions.reason') },
    { accessorKey: 'at', header: t('columns.time'), cell: ({ row }) => <When at={row.original.at} /> },
  ];
  return (
    <DataTable
      label={t('money.tabs.transfers')}
      testId="transfers"
      columns={columns}
      source={list}
      paging={paging}
      empty={t('money.noTransfers')}
      csv={{
        fileName: 'staff-transfers.csv',
        rows: () => allPages<StaffTransfer>('/money/transfers'),
        columns: [
          { header: 'transfer', value: (r) => r.id },
          { header: 'type', value: (r) => r.type },
          { header: 'amount_usdt', value: (r) => formatAmount(BigInt(r.amount)) },
          { header: 'member', value: (r) => r.member ?? '' },
          { header: 'reason', value: (r) => r.reason ?? '' },
          { header: 'at', value: (r) => r.at },
        ],
      }}
    />
  );
}
