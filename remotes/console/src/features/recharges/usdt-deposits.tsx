import { useTranslation } from 'react-i18next';
import { money } from '@rigshare/i18n';
import type { ColumnDef } from '@tanstack/react-table';
import { staffApi } from '@rigshare/api-client';
import { type Page } from '@rigshare/domain';
import type { AdminUsdtDeposit } from '@rigshare/api-schema';
import type { ListQuery } from '../../api/endpoints';
import { usePaging } from '../layout/use-paging';
import { When } from '../layout/when';
import { DataTable } from '../table/data-table';

const usdtApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    usdtDeposits: build.query<Page<AdminUsdtDeposit>, ListQuery>({ query: (params) => ({ path: '/usdt-deposits', params }), providesTags: ['Recharges'] }),
  }),
});

/** USDT (BEP20) deposits the chain watcher saw: read only, they credit themselves once confirmed. */
export function UsdtDeposits() {
  const { t } = useTranslation('console');
  const paging = usePaging('usdt');
  const list = usdtApi.useUsdtDepositsQuery(paging.query);
  const columns: ColumnDef<AdminUsdtDeposit, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { id: 'amount', accessorFn: (r) => Number(r.amount), header: t('columns.amount'), cell: ({ row }) => `${money(row.original.amount, { decimals: 'exact' })} USDT` },
    { accessorKey: 'status', header: t('members.state') },
    { accessorKey: 'txHash', header: t('recharges.txHash') },
    { accessorKey: 'blockNumber', header: t('recharges.block') },
    { accessorKey: 'seenAt', header: t('columns.time'), cell: ({ row }) => <When at={row.original.seenAt} /> },
  ];
  return <DataTable label={t('recharges.usdt')} testId="usdt-deposits" columns={columns} source={list} paging={paging} empty={t('recharges.noUsdt')} />;
}
