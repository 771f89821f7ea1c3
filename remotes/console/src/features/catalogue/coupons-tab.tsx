import { Button, Form, Input, Tag } from 'antd-mobile';
import { money } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminCoupon } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { amountRules } from '../layout/amount-rule';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { useCloseCouponMutation, useCreateCouponMutation, useStaffCouponsQuery } from './api';
import { fromLocalInput } from './form-values';

interface CouponFields {
  name: string;
  amount: string;
  minSpend: string;
  productId?: string;
  start: string;
  end: string;
  budget?: string;
}


/** Coupons: an amount off above a minimum spend, within a validity and a budget the discounts never exceed. */
export function CouponsTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<CouponFields>();
  const [create, { isLoading }] = useCreateCouponMutation();
  const [close] = useCloseCouponMutation();
  const submit = (f: CouponFields) =>
    runAction(
      () =>
        create({
          name: f.name.trim(),
          amount: f.amount.trim(),
          minSpend: f.minSpend.trim(),
          productId: f.productId?.trim() ? Number(f.productId) : null,
          startTime: fromLocalInput(f.start),
          endTime: fromLocalInput(f.end),
          budget: f.budget?.trim() ?? '',
        }).unwrap(),
      (c) => (form.resetFields(), t('catalogue.couponCreated', { name: c.name })),
    );
  const withdraw = async (c: AdminCoupon) => {
    const reason = await askText({ title: t('catalogue.withdrawTitle', { name: c.name }), label: t('actions.reason'), confirm: t('catalogue.withdraw'), cancel: t('actions.cancel') });
    if (reason) await runAction(() => close({ id: c.id, reason }).unwrap(), (r) => t('catalogue.couponWithdrawn', { name: r.name }));
  };
  const columns: ColumnDef<AdminCoupon, unknown>[] = [
    { accessorKey: 'name', header: t('catalogue.couponName') },
    { id: 'amount', accessorFn: (c) => Number(c.amount), header: t('catalogue.discount'), cell: ({ row }) => `${money(row.original.amount)} / ${money(row.original.minSpend)}` },
    {
      id: 'budget',
      accessorFn: (c) => c.claimed,
      header: t('catalogue.taken'),
      cell: ({ row }) => {
        const c = row.original;
        const spent = BigInt(c.amount) * BigInt(c.claimed);
        return c.budget === null ? `${c.claimed} · ${t('catalogue.noBudget')}` : `${c.claimed} · ${money(String(spent))} / ${money(c.budget)}`;
      },
    },
    { accessorKey: 'used', header: t('catalogue.used') },
    timeColumn('endTime', t('catalogue.validUntil')),
    actionsColumn(t('columns.actions'), (row) =>
      row.active ? (
        <Button size="mini" color="danger" fill="outline" onClick={() => void withdraw(row)}>
          {t('catalogue.withdraw')}
        </Button>
      ) : (
        <Tag color="default">{t('catalogue.withdrawn')}</Tag>
      ),
    ),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        onFinish={submit}
        submit={{ text: t('catalogue.offerCoupon'), busy: isLoading, testId: 'coupon-create' }}
      >
        <Form.Item name="name" label={t('catalogue.couponName')} rules={[{ required: true, message: t('products.nameHelp') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="amount" label={t('catalogue.discount')} rules={amountRules(t('products.amountHelp'))}>
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="minSpend" label={t('catalogue.minSpend')} rules={amountRules(t('catalogue.rewardAmountHelp'), 'zeroAllowed')}>
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
        <Form.Item name="productId" label={t('catalogue.product')} help={t('catalogue.productHelp')} rules={[{ pattern: /^\s*\d{0,9}\s*$/, message: t('products.wholeHelp') }]}>
          <Input inputMode="numeric" maxLength={9} />
        </Form.Item>
        <Form.Item name="start" label={t('catalogue.validFrom')} rules={[{ required: true, message: t('products.timeHelp') }]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="end" label={t('catalogue.validUntil')} rules={[{ required: true, message: t('products.timeHelp') }]}>
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="budget" label={t('catalogue.budget')} help={t('catalogue.budgetHelp')} rules={amountRules(t('products.amountHelp'))}>
          <Input inputMode="decimal" maxLength={16} />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('catalogue.tabs.coupons')} name="coupons" columns={columns} useList={useStaffCouponsQuery} empty={t('catalogue.noCoupons')} />
    </>
  );
}
