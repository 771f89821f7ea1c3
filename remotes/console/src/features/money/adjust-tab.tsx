import { Form, Input } from 'antd-mobile';
import { money } from '@rigshare/i18n';
import { useTranslation } from 'react-i18next';
import { SubmitForm } from '@rigshare/ui';
import { runAction } from '../layout/run-action';
import { useAdjustMutation } from './api';
import { AmountAndReason } from './fund-tab';
import { useRequestId } from './keep-request-id';
import { OneOf } from '../layout/one-of';

interface AdjustForm {
  member: string;
  direction: ('credit' | 'debit')[];
  amount: string;
  reason: string;
}

/** Credits or debits a member's available balance with a reason; the result names the ledger transfer. */
export function AdjustTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<AdjustForm>();
  const [adjust, { isLoading }] = useAdjustMutation();
  const requestId = useRequestId();
  const submit = ({ member, direction, amount, reason }: AdjustForm) => {
    const draft = { member: Number(member), direction: direction[0], amount: amount.trim(), reason: reason.trim() };
    return runAction(
      () => adjust({ ...draft, requestId: requestId.idFor(draft) }).unwrap(),
      (r) => {
        requestId.settle();
        form.resetFields();
        return t('money.adjusted', { amount: money(r.amount, { decimals: 'exact' }), transfer: r.transferId, balance: money(r.balanceAfter, { decimals: 'exact' }) });
      },
    );
  };
  return (
    <SubmitForm
      form={form}
      initialValues={{ direction: ['credit'] }}
      onFinish={submit}
      submit={{ text: t('money.adjust'), busy: isLoading, testId: 'adjust-submit' }}
    >
      <Form.Item name="member" label={t('money.memberId')} rules={[{ required: true, pattern: /^[1-9][0-9]{0,9}$/, message: t('money.memberIdHelp') }]}>
        <Input inputMode="numeric" maxLength={10} data-testid="adjust-member" />
      </Form.Item>
      <Form.Item name="direction" label={t('money.direction')} rules={[{ required: true }]}>
        <OneOf options={[{ label: t('money.credit'), value: 'credit' }, { label: t('money.debit'), value: 'debit' }]} />
      </Form.Item>
      <AmountAndReason />
    </SubmitForm>
  );
}
