import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { money } from '@rigshare/i18n';
import { SubmitForm } from '@rigshare/ui';
import { amountRules } from '../layout/amount-rule';
import { OneOf } from '../layout/one-of';
import { runAction } from '../layout/run-action';
import { useFundMutation, type FundTarget } from './api';
import { BudgetsPanel } from './budgets-panel';
import { useRequestId } from './keep-request-id';

interface FundForm {
  into: FundTarget[];
  amount: string;
  reason: string;
}

/**
 * Each budget's standing, then the form that records mining revenue into the revenue pool, funds the
 * rewards budget (which then pays the rewards that waited) or funds the promotions budget.
 */
export function FundTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<FundForm>();
  const [fund, { isLoading }] = useFundMutation();
  const requestId = useRequestId();
  const submit = ({ into, amount, reason }: FundForm) => {
    const draft = { into: into[0], amount: amount.trim(), reason: reason.trim() };
    return runAction(
      () => fund({ ...draft, requestId: requestId.idFor(draft) }).unwrap(),
      (r) => {
        requestId.settle();
        form.resetFields();
        return t('money.funded', { amount: money(r.amount, { decimals: 'exact' }), transfer: r.transferId, paid: r.rewardsPaid });
      },
    );
  };
  return (
    <>
      <BudgetsPanel />
      <SubmitForm
        form={form}
        initialValues={{ into: ['pool'] }}
        onFinish={submit}
        submit={{ text: t('money.fund'), busy: isLoading, testId: 'fund-submit' }}
      >
        <Form.Item name="into" label={t('money.into')} rules={[{ required: true }]}>
          <OneOf
            options={[
              { label: t('money.pool'), value: 'pool' },
              { label: t('money.rewards'), value: 'rewards' },
              { label: t('money.promotions'), value: 'promotions' },
            ]}
          />
        </Form.Item>
        <AmountAndReason />
      </SubmitForm>
    </>
  );
}

/** The amount (USDT, the console's one amount rule) and the reason every money form asks for. */
export function AmountAndReason() {
  const { t } = useTranslation('console');
  return (
    <>
      <Form.Item name="amount" label={t('money.amount')} rules={amountRules(t('money.amountHelp'))}>
        <Input inputMode="decimal" maxLength={20} placeholder="0.00" data-testid="money-amount" />
      </Form.Item>
      <Form.Item name="reason" label={t('actions.reason')} rules={[{ required: true, message: t('money.reasonHelp') }]}>
        <Input maxLength={500} data-testid="money-reason" />
      </Form.Item>
    </>
  );
}
