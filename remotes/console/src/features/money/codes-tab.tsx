import { Button, Form, Input } from 'antd-mobile';
import { money } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminExchangeCode } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { amountRules } from '../layout/amount-rule';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
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
    timeColumn('createdAt', t('columns.time')),
    actionsColumn(t('columns.actions'), (row) =>
      row.status === 'Open' && (
        <Button size="mini" color="danger" fill="outline" onClick={() => void runAction(() => close(row.code).unwrap(), (c) => t('money.codeClosed', { code: c.code }))}>
          {t('money.close')}
        </Button>
      ),
    ),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        onFinish={submit}
        submit={{ text: t('money.createCode'), busy: isLoading, testId: 'code-create' }}
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
      </SubmitForm>
      <ConsoleList label={t('money.tabs.codes')} name="codes" columns={columns} useList={useExchangeCodesQuery} empty={t('money.noCodes')} />
    </>
  );
}
