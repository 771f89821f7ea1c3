import { money, moneyAlike } from '@rigshare/i18n';
import { Button, Form, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { amountFromText, formatAmount, sanitizeAmountInput, withdrawalAmountProblem, withdrawalFee } from '@rigshare/domain';
import type { Channel } from '../../api/wallet';
import { showRefusalOnForm } from '@rigshare/ui';
import { rule } from '../../shared/form-rules';

export interface AmountStepProps {
  channel: Channel;
  /** Micro-unit string. */
  available: string;
  feePercent: number;
  /** Micro-unit string. */
  minimum: string;
  arrival: string;
  busy?: boolean;
  /** The withdrawal cannot succeed yet (the screen says why above): no way on to the next step. */
  blocked?: boolean;
  /** Asks the server for the quote; rejects with its refusal. */
  onNext(amount: string): void | Promise<void>;
  /** A refusal that concerns no field of this step (a binding to make, a hold). */
  onRefused?(error: unknown): void;
}

/** Step 1: the amount, the balance it comes from, the minimum, the fee rate and when it arrives. */
export function AmountStep({ channel, available, feePercent, minimum, arrival, busy = false, blocked = false, onNext, onRefused }: AmountStepProps) {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<{ amount?: string }>();
  const amount = Form.useWatch('amount', form) ?? '';
  const micro = amountFromText(amount);
  // The same fee rule the server charges (libs/domain).
  const preview = micro !== null && micro > 0n ? withdrawalFee(micro, feePercent) : null;
  const [availableText, minimumText, feeText, netText] = moneyAlike([available, minimum, preview?.fee ?? 0n, preview?.net ?? 0n]);
  const messages = {
    amountInvalid: t('withdraw.enterAmount'),
    withdrawMinimum: t('withdraw.minimum', { amount: money(minimum) }),
    insufficientBalance: t('withdraw.greaterThanAvailable'),
  };
  const amountRule = rule((value?: string) => {
    const problem = withdrawalAmountProblem(value ?? '', { available: BigInt(available), minimum: BigInt(minimum) });
    return problem && messages[problem];
  });

  const next = async ({ amount: text = '' }: { amount?: string }) => {
    if (blocked) return;
    try {
      await onNext(text);
    } catch (error) {
      // An amount the server refuses is said under the amount; anything else by the screen.
      const fieldOfAmount = typeof error === 'object' && error !== null && (error as { data?: { field?: unknown } }).data?.field === 'amount';
      if (fieldOfAmount || !onRefused) showRefusalOnForm(form, error, ['amount']);
      else onRefused(error);
    }
  };

  return (
    <Form
      form={form}
      className="wallet-card"
      onFinish={(values) => void next(values)}
      footer={
        <>
          <p className="wallet-hint">{arrival}</p>
          <Button block type="submit" color="primary" size="large" loading={busy} disabled={blocked} data-testid="withdraw-next">
            {t('withdraw.next')}
          </Button>
        </>
      }
    >
      <Form.Header>{t(channel === 'USDT' ? 'withdraw.usdtHeader' : 'withdraw.bankHeader')}</Form.Header>
      <Form.Item
        name="amount"
        normalize={(value: string) => sanitizeAmountInput(value)}
        rules={[amountRule]}
        extra={
          <Button size="mini" color="primary" fill="outline" onClick={() => form.setFieldValue('amount', sanitizeAmountInput(formatAmount(available)))}>
            {t('withdraw.all')}
          </Button>
        }
      >
        <Input data-testid="withdraw-amount" inputMode="decimal" placeholder={t('withdraw.amountPlaceholder')} aria-label={t('withdraw.amountLabel')} />
      </Form.Item>
      <List>
        <List.Item extra={`${availableText} USDT`}>{t('withdraw.available')}</List.Item>
        <List.Item extra={`${minimumText} USDT`}>{t('withdraw.minimumLabel')}</List.Item>
        <List.Item extra={preview ? `${feeText} USDT` : `${feePercent}%`}>{t('withdraw.feeLabel', { percent: feePercent })}</List.Item>
        {preview && <List.Item extra={`${netText} USDT`}>{t('withdraw.netLabel')}</List.Item>}
      </List>
    </Form>
  );
}
