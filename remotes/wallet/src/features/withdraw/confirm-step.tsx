import { useState } from 'react';
import { Button, Form, List } from 'antd-mobile';
import { isValidFundPassword } from '@rigshare/domain';
import { PinInput } from '../../shared/pin-input';
import { useTranslation } from 'react-i18next';
import type { Withdrawal, WithdrawQuote } from '../../api/wallet';
import { rule } from '../../shared/form-rules';
import { formatMoneyAlike } from '../../shared/money';

export interface ConfirmStepProps {
  quote: WithdrawQuote;
  /** Shortened address or masked account (or what to bind when none is; the server then says where). */
  destination: string;
  submit(payPassword: string): Promise<Withdrawal>;
  onDone(withdrawal: Withdrawal): void;
  onRefused(error: unknown): void;
  onBack(): void;
  /** The withdrawal is under way: the PIN cannot be sent twice. */
  busy?: boolean;
}

/**
 * Step 2 (DESIGN.md section 1): the amount, the exact fee and the net amount that arrives, and
 * where it goes, before anything is committed. Only after "Confirm" is the fund password asked.
 */
export function ConfirmStep({ quote, destination, submit, onDone, onRefused, onBack, busy = false }: ConfirmStepProps) {
  const { t } = useTranslation('wallet');
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ payPassword?: string }>();
  const pin = Form.useWatch('payPassword', form) ?? '';

  const send = async ({ payPassword = '' }: { payPassword?: string }) => {
    if (busy) return;
    try {
      onDone(await submit(payPassword));
    } catch (error) {
      form.setFieldValue('payPassword', '');
      onRefused(error);
    }
  };

  const [amount, fee, net] = formatMoneyAlike([quote.amount, quote.fee, quote.net]);
  return (
    <div className="wallet-card" data-testid="withdraw-confirm-step">
      <List header={t('withdraw.confirmTitle')}>
        <List.Item extra={`${amount} USDT`}>{t('withdraw.amountLabel')}</List.Item>
        <List.Item extra={<span data-testid="withdraw-fee">{fee} USDT</span>}>
          {t('withdraw.feeLabel', { percent: quote.feePercent })}
        </List.Item>
        <List.Item extra={<strong data-testid="withdraw-net">{net} USDT</strong>}>{t('withdraw.netLabel')}</List.Item>
        <List.Item extra={<span className="wallet-break">{destination}</span>}>{t('withdraw.destination')}</List.Item>
      </List>
      {asking ? (
        <Form
          form={form}
          className="wallet-pin"
          onFinish={(values) => void send(values)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy} disabled={pin.length !== 6}>
              {t('withdraw.submit')}
            </Button>
          }
        >
          <Form.Item
            name="payPassword"
            label={t('withdraw.enterFundPassword')}
            normalize={(value: string) => value.replace(/[^0-9]/g, '').slice(0, 6)}
            rules={[rule((value?: string) => (isValidFundPassword(value ?? '') ? null : t('fundPwd.sixDigits')))]}
          >
            {/* The sixth digit sends it, as a PIN pad does. */}
            <PinInput data-testid="fund-password" label={t('withdraw.enterFundPassword')} onFill={() => form.submit()} />
          </Form.Item>
        </Form>
      ) : (
        <Button block color="primary" size="large" data-testid="withdraw-confirm" onClick={() => setAsking(true)}>
          {t('withdraw.confirm')}
        </Button>
      )}
      <Button block fill="none" disabled={busy} onClick={onBack}>
        {t('withdraw.back')}
      </Button>
    </div>
  );
}
