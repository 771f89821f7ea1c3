import { useTranslation } from 'react-i18next';
import { usdt } from '@rigshare/i18n';
import type { ColumnDef } from '@tanstack/react-table';
import { formatAmount } from '@rigshare/domain';
import type { StaffTransfer } from '@rigshare/api-schema';
import { timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { allPages } from '../table/all-pages';
import { useStaffTransfersQuery } from './api';

/** The ledger transfers staff made (adjustments, pool and budget funding), newest first, with CSV export. */
export function TransfersTab() {
  const { t } = useTranslation('console');
  const columns: ColumnDef<StaffTransfer, unknown>[] = [
    { accessorKey: 'id', header: t('money.transfer') },
    { accessorKey: 'type', header: t('columns.kind'), cell: ({ row }) => t(`ledgerTypes.${row.original.type}`, { defaultValue: row.original.type }) },
    { id: 'amount', accessorFn: (r) => Number(r.amount), header: t('columns.amount'), cell: ({ row }) => usdt(row.original.amount, { decimals: 'exact' }) },
    { accessorKey: 'member', header: t('columns.member') },
    { accessorKey: 'reason', header: t('actions.reason') },
    timeColumn('at', t('columns.time')),
  ];
  return (
    <ConsoleList
      label={t('money.tabs.transfers')}
      name="transfers"
      columns={columns}
      useList={useStaffTransfersQuery}
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
