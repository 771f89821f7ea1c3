import { Button, Form, Input } from 'antd-mobile';
import { money } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminExchangeCode } from '@rigshare/api-schema';
import { amountRules } from '../layout/amount-rule';
import { runAction } from '../layout/run-action';
import { usePaging } from '../layout/use-paging';
import { When } from '../layout/when';
import { DataTable } from '../table/data-table';
import { useCloseExchangeCodeMutation, useCreateExchangeCodeMutation, useExchangeCodesQuery } from './api';

interface CodeForm {
  code: string;
  amount: string;
  budget: string;
  reason: string;
}


/** Exchange codes: an amount per member within a budget that redemptions never exceed; close one to stop it. */
export function CodesTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<CodeForm>();
  const paging = usePaging('codes');
  const list = useExchangeCodesQuery(paging.query);
  const [create, { isLoading }] = useCreateExchangeCodeMutation();
  const [close] = useCloseExchangeCodeMutation();
  const submit = (draft: CodeForm) =>
    runAction(
      () => create({ code: draft.code.trim().toUpperCase(), amount: draft.amount.trim(), budget: draft.budget.trim(), reason: draft.reason.trim() }).unwrap(),
      (c) => (form.resetFields(), t('money.codeCreated', { code: c.code })),
    );
  const columns: ColumnDef<AdminExchangeCode, unknown>[] = [
    { accessorKey: 'code', header: t('money.code') },
    { accessorKey: 'status', header: t('members.state') },
    { id: 'amount', accessorFn: (c) => Number(c.amount), header: t('money.perMember'), cell: ({ row }) => money(row.original.amount) },
    { id: 'remaining', accessorFn: (c) => Number(c.remaining), header: t('money.remaining'), cell: ({ row }) => `${money(row.original.remaining)} / ${money(row.original.budget)}` },
    { accessorKey: 'redemptions', header: t('money.redemptions') },
    { accessorKey: 'createdAt', header: t('columns.time'), cell: ({ row }) => <When at={row.original.createdAt} /> },
    {
      id: 'actions',
      header: t('columns.actions'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.status === 'Open' && (
          <Button size="mini" color="danger" fill="outline" onClick={() => void runAction(() => close(row.original.code).unwrap(), (c) => t('money.codeClosed', { code: c.code }))}>
            {t('money.close')}
          </Button>
        ),
    },
  ];
  return (
    <>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values: CodeForm) => void submit(values)}
        footer={
          <Button block type="submit" color="primary" loading={isLoading} data-testid="code-create">
            {t('money.createCode')}
          </Button>
        }
      >
        <Form.Item name="code" label={t('money.code')} rules={[{ required: true, pattern: /^\s*[A-Za-z0-9]{4,32}\s*$/, message: t('money.codeHelp') }]}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item name="amount" label={t('money.perMember')} rules={amountRules(t('money.amountHelp'))}>
          <Input inputMode="decimal" maxLength={20} />
        </Form.Item>
        <Form.Item name="budget" label={t('money.budget')} help={t('money.budgetHelp')} rules={amountRules(t('money.amountHelp'))}>
          <Input inputMode="decimal" maxLength={20} />
        </Form.Item>
        <Form.Item name="reason" label={t('actions.reason')} rules={[{ required: true, message: t('money.reasonHelp') }]}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
      <DataTable label={t('money.tabs.codes')} testId="codes" columns={columns} source={list} paging={paging} empty={t('money.noCodes')} />
    </>
  );
}
