import { Button } from 'antd-mobile';
import { money } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { ColumnDef } from '@tanstack/react-table';
import { formatAmount, isValidTxHash } from '@rigshare/domain';
import type { AdminWithdrawal } from '@rigshare/api-schema';
import { selectStaffSession } from '@rigshare/session';
import { useApproveWithdrawalMutation, useRejectWithdrawalMutation, useWithdrawalsQuery } from '../../api/endpoints';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { runAction } from '../layout/run-action';
import { allPages } from '../table/all-pages';

/** Exact: staff pay the net to the micro-unit. */
const exact = { decimals: 'exact' } as const;
/** A withdrawal to a chain address is paid on chain (a tx hash); one to a bank card by transfer (its reference). */
const paidOnChain = (w: AdminWithdrawal) => w.channel === 'USDT';

/**
 * `/console/withdrawals`: approve with the tx hash or bank reference, or reject with a reason (the amount
 * returns to the member). Above the four-eyes threshold a second, different finance staff member's
 * approval pays it; the server refuses the same person twice.
 */
export default function WithdrawalsScreen() {
  const { t } = useTranslation('console');
  const me = useSelector(selectStaffSession)?.login;
  const [approve] = useApproveWithdrawalMutation();
  const [reject] = useRejectWithdrawalMutation();

  const onApprove = async (w: AdminWithdrawal) => {
    const onChain = paidOnChain(w);
    const proof = await askText({
      title: t('withdrawals.approveTitle', { id: w.id, amount: money(w.net, exact) }),
      label: onChain ? t('withdrawals.txHash') : t('withdrawals.reference'),
      confirm: t('actions.approve'),
      cancel: t('actions.cancel'),
      problem: (text) => (onChain && !isValidTxHash(text) ? t('withdrawals.txHashInvalid') : null),
    });
    if (!proof) return;
    await runAction(
      () => approve({ id: w.id, ...(onChain ? { txHash: proof } : { reference: proof }) }).unwrap(),
      (r) => (r.status === 'Pending' ? t('withdrawals.firstApproval', { id: r.id }) : t('withdrawals.paid', { id: r.id })),
    );
  };
  const onReject = async (w: AdminWithdrawal) => {
    const reason = await askText({ title: t('withdrawals.rejectTitle', { id: w.id }), label: t('actions.reason'), confirm: t('actions.reject'), cancel: t('actions.cancel') });
    if (reason) await runAction(() => reject({ id: w.id, reason }).unwrap(), (r) => t('withdrawals.rejected', { id: r.id }));
  };

  const columns: ColumnDef<AdminWithdrawal, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { accessorKey: 'channel', header: t('columns.channel') },
    { id: 'amount', accessorFn: (w) => Number(w.amount), header: t('columns.amount'), cell: ({ row }) => money(row.original.amount, exact) },
    { id: 'fee', accessorFn: (w) => Number(w.fee), header: t('columns.fee'), cell: ({ row }) => money(row.original.fee, exact) },
    { id: 'net', accessorFn: (w) => Number(w.net), header: t('columns.net'), cell: ({ row }) => money(row.original.net, exact) },
    { accessorKey: 'payoutTo', header: t('columns.payoutTo') },
    timeColumn('createdAt', t('columns.time')),
    {
      id: 'approvals',
      accessorFn: (w) => w.approvals.length,
      header: t('columns.approvals'),
      cell: ({ row }) => (
        <span data-testid="withdrawal-approvals">
          {t('withdrawals.approvals', { done: row.original.approvals.length, needed: row.original.approvalsNeeded })}
          {row.original.approvals.length > 0 && ` (${row.original.approvals.map((a) => a.staff).join(', ')})`}
        </span>
      ),
    },
    actionsColumn(t('columns.actions'), (row) => {
      const approvedByMe = row.approvals.some((a) => a.staff === me);
      return (
        <div className="console-actions">
          <Button size="mini" color="primary" disabled={approvedByMe} onClick={() => void onApprove(row)} data-testid="withdrawal-approve">
            {approvedByMe ? t('withdrawals.waitingForSecond') : t('actions.approve')}
          </Button>
          <Button size="mini" color="danger" fill="outline" onClick={() => void onReject(row)} data-testid="withdrawal-reject">
            {t('actions.reject')}
          </Button>
        </div>
      );
    }),
  ];

  return (
    <ConsolePage route="withdrawals">
      <ConsoleList
        label={t('nav.withdrawals')}
        name="withdrawals"
        columns={columns}
        useList={useWithdrawalsQuery}
        empty={t('withdrawals.empty')}
        csv={{
          fileName: 'withdrawals.csv',
          rows: () => allPages<AdminWithdrawal>('/withdrawals'),
          columns: [
            { header: 'id', value: (w) => w.id },
            { header: 'phone', value: (w) => w.phone },
            { header: 'channel', value: (w) => w.channel },
            { header: 'amount', value: (w) => formatAmount(BigInt(w.amount)) },
            { header: 'fee', value: (w) => formatAmount(BigInt(w.fee)) },
            { header: 'net', value: (w) => formatAmount(BigInt(w.net)) },
            { header: 'payout_to', value: (w) => w.payoutTo },
            { header: 'approvals', value: (w) => w.approvals.map((a) => a.staff).join(' ') },
            { header: 'created_at', value: (w) => w.createdAt },
          ],
        }}
      />
    </ConsolePage>
  );
}
