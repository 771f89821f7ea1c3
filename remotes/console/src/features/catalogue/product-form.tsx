import { useEffect } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@rigshare/domain';
import type { AdminProduct, ProductDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { runAction } from '../layout/run-action';
import { useCreateProductMutation, useEditProductMutation } from './api';
import { amountRules } from '../layout/amount-rule';
import { fromLocalInput, toLocalInput, WHOLE } from './form-values';
import { OneOf } from '../layout/one-of';

/** What the form holds: text inputs, with the sale window as the browser's local date and time. */
interface ProductFields {
  name: string;
  category: string;
  imageUrl: string;
  badge: number[];
  start: string;
  end: string;
  price: string;
  dayReturn: string;
  validDays: string;
  unitsOffered: string;
  maxBuy: string;
  sort: string;
}

const BADGES = [1, 5, 6] as const;

function fieldsOf(p: AdminProduct): ProductFields {
  return {
    name: p.name,
    category: p.category,
    imageUrl: p.imageUrl,
    badge: [p.status],
    start: toLocalInput(p.startTime),
    end: toLocalInput(p.endTime),
    price: formatAmount(BigInt(p.price), 0),
    dayReturn: formatAmount(BigInt(p.dayReturn), 0),
    validDays: String(p.validDays),
    unitsOffered: String(p.unitsOffered),
    maxBuy: String(p.maxBuy),
    sort: String(p.sort),
  };
}

function draftOf(f: ProductFields): ProductDraft {
  return {
    name: f.name.trim(),
    category: f.category.trim(),
    imageUrl: f.imageUrl.trim(),
    status: f.badge[0] as ProductDraft['status'],
    startTime: fromLocalInput(f.start),
    endTime: fromLocalInput(f.end),
    price: f.price.trim(),
    dayReturn: f.dayReturn.trim(),
    validDays: Number(f.validDays),
    unitsOffered: Number(f.unitsOffered),
    maxBuy: Number(f.maxBuy),
    sort: Number(f.sort || 0),
  };
}

const NEW: Partial<ProductFields> = { imageUrl: '/api/user/static/product-s19.svg', badge: [1], maxBuy: '-1', sort: '0' };

/**
 * Creates a product, or edits `editing` (a product nobody holds yet: the server refuses the edit once a
 * unit is sold, and the list offers only closing then).
 */
export function ProductForm({ editing, onDone }: { editing: AdminProduct | null; onDone: () => void }) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<ProductFields>();
  const [create, creating] = useCreateProductMutation();
  const [edit, saving] = useEditProductMutation();
  useEffect(() => {
    form.resetFields();
    if (editing) form.setFieldsValue(fieldsOf(editing));
  }, [editing, form]);

  const submit = (fields: ProductFields) => {
    const draft = draftOf(fields);
    return runAction(
      () => (editing ? edit({ id: editing.id, ...draft }).unwrap() : create(draft).unwrap()),
      (p) => (onDone(), form.resetFields(), t(editing ? 'products.saved' : 'products.created', { name: p.name, id: p.id })),
    );
  };
  const required = (pattern: RegExp, message: string) => [{ required: true, message }, { pattern, message }];
  const timeRule = [{ required: true, message: t('products.timeHelp') }];
  const endAfterStart = ({ getFieldValue }: { getFieldValue: (name: string) => string }) => ({
    validator: async (_: unknown, end: string) => {
      if (end && getFieldValue('start') && Date.parse(end) <= Date.parse(getFieldValue('start'))) throw new Error(t('products.endHelp'));
    },
  });

  return (
    <SubmitForm
      form={form}
      initialValues={NEW}
      onFinish={submit}
      submit={{ text: editing ? t('products.save', { id: editing.id }) : t('products.create'), busy: creating.isLoading || saving.isLoading, testId: 'product-save' }}
      cancel={editing ? { text: t('actions.cancel'), onClick: onDone } : undefined}
    >
      <Form.Item name="name" label={t('products.name')} rules={[{ required: true, message: t('products.nameHelp') }]}>
        <Input maxLength={200} data-testid="product-name" />
      </Form.Item>
      <Form.Item name="category" label={t('products.category')} rules={[{ required: true, message: t('products.nameHelp') }]}>
        <Input maxLength={100} data-testid="product-category" />
      </Form.Item>
      <Form.Item name="imageUrl" label={t('products.image')} help={t('products.imageHelp')} rules={[{ required: true, pattern: /^\s*(\/api\/user\/static\/|https:\/\/)\S+\s*$/, message: t('products.imageHelp') }]}>
        <Input maxLength={500} />
      </Form.Item>
      <Form.Item name="badge" label={t('products.badge')} rules={[{ required: true }]}>
        <OneOf options={BADGES.map((b) => ({ label: t(`products.badges.${b}`), value: b }))} />
      </Form.Item>
      <Form.Item name="start" label={t('products.start')} rules={timeRule}>
        <Input type="datetime-local" data-testid="product-start" />
      </Form.Item>
      <Form.Item name="end" label={t('products.end')} dependencies={['start']} rules={[...timeRule, endAfterStart]}>
        <Input type="datetime-local" data-testid="product-end" />
      </Form.Item>
      <Form.Item name="price" label={t('products.price')} rules={amountRules(t('products.amountHelp'))}>
        <Input inputMode="decimal" maxLength={16} data-testid="product-price" />
      </Form.Item>
      <Form.Item name="dayReturn" label={t('products.dayReturn')} rules={amountRules(t('products.amountHelp'))}>
        <Input inputMode="decimal" maxLength={16} data-testid="product-day-return" />
      </Form.Item>
      <Form.Item name="validDays" label={t('products.validDays')} rules={required(WHOLE, t('products.wholeHelp'))}>
        <Input inputMode="numeric" maxLength={4} data-testid="product-valid-days" />
      </Form.Item>
      <Form.Item name="unitsOffered" label={t('products.units')} rules={required(WHOLE, t('products.wholeHelp'))}>
        <Input inputMode="numeric" maxLength={8} data-testid="product-units" />
      </Form.Item>
      <Form.Item name="maxBuy" label={t('products.maxBuy')} help={t('products.maxBuyHelp')} rules={required(/^\s*(-1|\d{1,8})\s*$/, t('products.maxBuyHelp'))}>
        <Input maxLength={9} />
      </Form.Item>
      <Form.Item name="sort" label={t('products.sort')} rules={[{ pattern: /^\s*-?\d{1,7}\s*$/, message: t('products.wholeHelp') }]}>
        <Input maxLength={8} />
      </Form.Item>
    </SubmitForm>
  );
}
