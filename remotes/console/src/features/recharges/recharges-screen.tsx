import { Button } from 'antd-mobile';
import { money, usdt } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { formatAmount } from '@rigshare/domain';
import type { AdminRecharge } from '@rigshare/api-schema';
import { useConfirmRechargeMutation, useRechargesQuery, useRejectRechargeMutation } from '../../api/endpoints';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { runAction } from '../layout/run-action';
import { allPages } from '../table/all-pages';
import { UsdtDeposits } from './usdt-deposits';

/** Exact: staff compare it with what arrived. */
const exact = { decimals: 'exact' } as const;

/** `/console/recharges`: bank and cash recharges a member says they paid; confirm credits once, reject credits nothing. */
export default function RechargesScreen() {
  const { t } = useTranslation('console');
  const [confirm] = useConfirmRechargeMutation();
  const [reject] = useRejectRechargeMutation();

  const onConfirm = (row: AdminRecharge) =>
    runAction(() => confirm(row.id).unwrap(), (r) => (r.alreadyConfirmed ? t('recharges.alreadyConfirmed', { id: r.id }) : t('recharges.confirmed', { id: r.id })));
  const onReject = async (row: AdminRecharge) => {
    const reason = await askText({ title: t('recharges.rejectTitle', { id: row.id }), label: t('actions.reason'), confirm: t('actions.reject'), cancel: t('actions.cancel') });
    if (reason) await runAction(() => reject({ id: row.id, reason }).unwrap(), (r) => t('recharges.rejected', { id: r.id }));
  };

  const columns: ColumnDef<AdminRecharge, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { accessorKey: 'channel', header: t('columns.channel') },
    { id: 'amount', accessorFn: (r) => Number(r.amount), header: t('columns.amount'), cell: ({ row }) => `${money(row.original.amount, exact)} ${row.original.currency}` },
    { id: 'usdt', accessorFn: (r) => Number(r.usdtAmount), header: t('columns.credit'), cell: ({ row }) => usdt(row.original.usdtAmount, exact) },
    { accessorKey: 'reference', header: t('columns.reference') },
    timeColumn('createdAt', t('columns.time')),
    actionsColumn(t('columns.actions'), (row) => (
      <div className="console-actions">
        <Button size="mini" color="primary" onClick={() => void onConfirm(row)} data-testid="recharge-confirm">
          {t('actions.confirm')}
        </Button>
        <Button size="mini" color="danger" fill="outline" onClick={() => void onReject(row)} data-testid="recharge-reject">
          {t('actions.reject')}
        </Button>
      </div>
    )),
  ];

  return (
    <ConsolePage route="recharges">
      <ConsoleList
        label={t('nav.recharges')}
        name="recharges"
        columns={columns}
        useList={useRechargesQuery}
        empty={t('recharges.empty')}
        csv={{
          fileName: 'recharges.csv',
          rows: () => allPages<AdminRecharge>('/recharges'),
          columns: [
            { header: 'id', value: (r) => r.id },
            { header: 'phone', value: (r) => r.phone },
            { header: 'channel', value: (r) => r.channel },
            { header: 'currency', value: (r) => r.currency },
            { header: 'amount', value: (r) => formatAmount(BigInt(r.amount)) },
            { header: 'usdt', value: (r) => formatAmount(BigInt(r.usdtAmount)) },
            { header: 'reference', value: (r) => r.reference },
            { header: 'created_at', value: (r) => r.createdAt },
          ],
        }}
      />
      <h2 className="console-section-title">{t('recharges.usdt')}</h2>
      <UsdtDeposits />
    </ConsolePage>
  );
}
