import { useEffect, useState } from 'react';
import { money } from '@rigshare/i18n';
import { Button, Form, Input, Tag, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { formatAmount } from '@rigshare/domain';
import type { AdminPayChannel } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { actionsColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { useCreatePayChannelMutation, useEditPayChannelMutation, usePayChannelsQuery, useSwitchPayChannelMutation } from './api';
import { amountRules } from '../layout/amount-rule';
import { OneOf } from '../layout/one-of';

interface ChannelFields {
  name: string;
  currency: string;
  kind: ('bank' | 'cash')[];
  minAmount: string;
  instructions: string;
  sort?: string;
}

/**
 * The bank and cash channels members recharge through (the bank list). A disabled channel leaves the
 * members' list and its recharges are refused; its currency and kind stay once added.
 */
export function ChannelsTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<ChannelFields>();
  const [create, creating] = useCreatePayChannelMutation();
  const [edit, saving] = useEditPayChannelMutation();
  const [switchOne] = useSwitchPayChannelMutation();
  const [editing, setEditing] = useState<AdminPayChannel | null>(null);
  useEffect(() => {
    form.resetFields();
    if (editing)
      form.setFieldsValue({ name: editing.name, currency: editing.currency, kind: [editing.kind as 'bank' | 'cash'], minAmount: formatAmount(BigInt(editing.minAmount), 0), instructions: editing.instructions, sort: String(editing.sort) });
  }, [editing, form]);

  const submit = (f: ChannelFields) => {
    const terms = { name: f.name.trim(), minAmount: f.minAmount.trim(), instructions: f.instructions.trim(), sort: Number(f.sort || 0) };
    return runAction(
      () => (editing ? edit({ id: editing.id, ...terms }).unwrap() : create({ ...terms, currency: f.currency.trim().toUpperCase(), kind: f.kind[0] }).unwrap()),
      (c) => (setEditing(null), form.resetFields(), t('catalogue.channelSaved', { name: c.name })),
    );
  };
  const columns: ColumnDef<AdminPayChannel, unknown>[] = [
    { accessorKey: 'name', header: t('catalogue.channelName') },
    { id: 'currency', accessorFn: (c) => c.currency, header: t('rates.currency'), cell: ({ row }) => `${row.original.currency} · ${t(`catalogue.kinds.${row.original.kind}`)}` },
    { id: 'min', accessorFn: (c) => Number(c.minAmount), header: t('catalogue.minimum'), cell: ({ row }) => money(row.original.minAmount, { decimals: 'exact' }) },
    { id: 'enabled', accessorFn: (c) => (c.enabled ? 1 : 0), header: t('members.state'), cell: ({ row }) => <Tag color={row.original.enabled ? 'success' : 'default'}>{t(row.original.enabled ? 'catalogue.enabled' : 'catalogue.disabled')}</Tag> },
    actionsColumn(t('columns.actions'), (row) => {
      const c = row;
      return (
        <div className="console-row-actions">
          <Button size="mini" fill="outline" onClick={() => setEditing(c)}>
            {t('products.edit')}
          </Button>
          <Button
            size="mini"
            fill="outline"
            color={c.enabled ? 'danger' : 'primary'}
            onClick={() => void runAction(() => switchOne({ id: c.id, enabled: !c.enabled }).unwrap(), (r) => t(r.enabled ? 'catalogue.channelEnabled' : 'catalogue.channelDisabled', { name: r.name }))}
          >
            {t(c.enabled ? 'catalogue.disable' : 'catalogue.enable')}
          </Button>
        </div>
      );
    }),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        initialValues={{ kind: ['bank'] }}
        onFinish={submit}
        submit={{ text: editing ? t('catalogue.saveChannel') : t('catalogue.addChannel'), busy: creating.isLoading || saving.isLoading }}
        cancel={editing ? { text: t('actions.cancel'), onClick: () => setEditing(null) } : undefined}
      >
        <Form.Item name="name" label={t('catalogue.channelName')} rules={[{ required: true, message: t('products.nameHelp') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="currency" label={t('rates.currency')} help={t('catalogue.currencyHelp')} rules={[{ required: true, pattern: /^\s*[A-Za-z]{3}\s*$/, message: t('rates.currencyHelp') }]}>
          <Input maxLength={3} disabled={editing !== null} />
        </Form.Item>
        <Form.Item name="kind" label={t('catalogue.kind')} rules={[{ required: true }]}>
          <OneOf disabled={editing !== null} options={(['bank', 'cash'] as const).map((k) => ({ label: t(`catalogue.kinds.${k}`), value: k }))} />
        </Form.Item>
        <Form.Item name="minAmount" label={t('catalogue.minimum')} rules={amountRules(t('products.amountHelp'))}>
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="instructions" label={t('catalogue.instructions')} rules={[{ required: true, message: t('products.nameHelp') }]}>
          <TextArea maxLength={1000} rows={3} />
        </Form.Item>
        <Form.Item name="sort" label={t('products.sort')} rules={[{ pattern: /^\s*-?\d{0,7}\s*$/, message: t('products.wholeHelp') }]}>
          <Input maxLength={8} />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('catalogue.tabs.channels')} name="channels" columns={columns} useList={usePayChannelsQuery} empty={t('catalogue.noChannels')} />
    </>
  );
}
