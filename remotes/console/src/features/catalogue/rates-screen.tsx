import { Button, Form, Input, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminRate } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { isAcceptedRatePerUsd, requiredRules } from '../layout/amount-rule';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { runAction } from '../layout/run-action';
import { useRatesQuery, useSetRateMutation } from './api';

interface RateForm {
  currency: string;
  rate: string;
}

/**
 * `/console/rates`: the rates cash recharges convert at. Finance sets one with who and when; a rate older
 * than the configured age stops cash recharges in its currency (the member's screen says so) until it is set.
 */
export default function RatesScreen() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<RateForm>();
  const [setRate, { isLoading }] = useSetRateMutation();
  const submit = ({ currency, rate }: RateForm) =>
    runAction(
      () => setRate({ currency: currency.trim().toUpperCase(), rate: rate.trim() }).unwrap(),
      (r) => (form.resetFields(), t('rates.saved', { rate: r.rate, currency: r.currency })),
    );
  const edit = (r: AdminRate) => form.setFieldsValue({ currency: r.currency, rate: r.rate });
  const columns: ColumnDef<AdminRate, unknown>[] = [
    { accessorKey: 'currency', header: t('rates.currency') },
    { id: 'rate', accessorFn: (r) => Number(r.rate), header: t('rates.perUsd'), cell: ({ row }) => row.original.rate },
    { accessorKey: 'source', header: t('rates.setBy') },
    timeColumn('updatedAt', t('rates.setAt')),
    {
      id: 'state',
      accessorFn: (r) => (r.stale ? 1 : 0),
      header: t('members.state'),
      cell: ({ row }) => (row.original.stale ? <Tag color="danger">{t('rates.stale')}</Tag> : <Tag color="success">{t('rates.current')}</Tag>),
    },
    actionsColumn(t('columns.actions'), (row) => (
      <Button size="mini" fill="outline" onClick={() => edit(row)}>
        {t('rates.update')}
      </Button>
    )),
  ];
  return (
    <ConsolePage route="rates">
      <p className="console-note">{t('rates.note')}</p>
      <SubmitForm
        form={form}
        onFinish={submit}
        submit={{ text: t('rates.save'), busy: isLoading, testId: 'rate-save' }}
      >
        <Form.Item name="currency" label={t('rates.currency')} rules={[{ required: true, pattern: /^\s*[A-Za-z]{3}\s*$/, message: t('rates.currencyHelp') }]}>
          <Input maxLength={3} autoComplete="off" data-testid="rate-currency" />
        </Form.Item>
        <Form.Item name="rate" label={t('rates.perUsd')} rules={requiredRules(isAcceptedRatePerUsd, t('rates.rateHelp'))}>
          <Input inputMode="decimal" maxLength={16} data-testid="rate-value" />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('titles.rates')} name="rates" columns={columns} useList={useRatesQuery} empty={t('rates.none')} />
    </ConsolePage>
  );
}
