import { useTranslation } from 'react-i18next';
import { usdt } from '@rigshare/i18n';
import type { ColumnDef } from '@tanstack/react-table';
import { staffApi } from '@rigshare/api-client';
import { type Page } from '@rigshare/domain';
import type { AdminUsdtDeposit } from '@rigshare/api-schema';
import type { ListQuery } from '../../api/endpoints';
import { timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';

const usdtApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    usdtDeposits: build.query<Page<AdminUsdtDeposit>, ListQuery>({ query: (params) => ({ path: '/usdt-deposits', params }), providesTags: ['Recharges'] }),
  }),
});

/** USDT (BEP20) deposits the chain watcher saw: read only, they credit themselves once confirmed. */
export function UsdtDeposits() {
  const { t } = useTranslation('console');
  const columns: ColumnDef<AdminUsdtDeposit, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { id: 'amount', accessorFn: (r) => Number(r.amount), header: t('columns.amount'), cell: ({ row }) => usdt(row.original.amount, { decimals: 'exact' }) },
    { accessorKey: 'status', header: t('members.state') },
    { accessorKey: 'txHash', header: t('recharges.txHash') },
    { accessorKey: 'blockNumber', header: t('recharges.block') },
    timeColumn('seenAt', t('columns.time')),
  ];
  return <ConsoleList label={t('recharges.usdt')} name="usdt" testId="usdt-deposits" columns={columns} useList={usdtApi.useUsdtDepositsQuery} empty={t('recharges.noUsdt')} />;
}
