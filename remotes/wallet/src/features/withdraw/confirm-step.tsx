import { useEffect, useState } from 'react';
import { Button, Form, List } from 'antd-mobile';
import { isValidFundPassword } from '@rigshare/domain';
import { formatDateTime, moneyAlike } from '@rigshare/i18n';
import { LockedPinPad, PinInput } from '../../shared/pin-input';
import { useTranslation } from 'react-i18next';
import { lockedUntilOf, triesLeftOf } from '../../api/refusal-fix';
import type { Withdrawal, WithdrawQuote } from '../../api/wallet';
import { rule } from '../../shared/form-rules';

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
  /** The end of a fund-password lock already known when the step opens (the balance says it). */
  lockedUntil?: string | null;
}

/**
 * Step 2 (DESIGN.md section 1): the amount, the exact fee and the net amount that arrives, and
 * where it goes, before anything is committed. Only after "Confirm" is the fund password asked.
 */
export function ConfirmStep({ quote, destination, submit, onDone, onRefused, onBack, busy = false, lockedUntil: knownLock = null }: ConfirmStepProps) {
  const { t, i18n } = useTranslation('wallet');
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<{ payPassword?: string }>();
  const pin = Form.useWatch('payPassword', form) ?? '';
  // After a wrong PIN: the wrong tries left before the lock; after the lock: until when no PIN is checked.
  const [triesLeft, setTriesLeft] = useState<number | null>(null);
  const lockedUntil = useLockedUntil(knownLock);

  const send = async ({ payPassword = '' }: { payPassword?: string }) => {
    if (busy) return;
    try {
      onDone(await submit(payPassword));
    } catch (error) {
      form.setFieldValue('payPassword', '');
      const left = triesLeftOf(error);
      const until = lockedUntilOf(error);
      setTriesLeft(left);
      lockedUntil.set(until);
      // Said beside the pad, where the member is looking; any other refusal is the screen's to show.
      if (left === null && until === null) onRefused(error);
    }
  };

  const [amount, fee, net] = moneyAlike([quote.amount, quote.fee, quote.net]);
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
            <Button block type="submit" color="primary" size="large" loading={busy} disabled={pin.length !== 6 || lockedUntil.value !== null}>
              {t('withdraw.submit')}
            </Button>
          }
        >
          {lockedUntil.value ? (
            <Form.Item label={t('withdraw.enterFundPassword')}>
              <p className="wallet-pin__alert" role="alert" data-testid="fund-password-locked">
                {t('withdraw.fundPasswordLocked', { time: formatDateTime(lockedUntil.value, i18n.language) })}
              </p>
              <LockedPinPad />
            </Form.Item>
          ) : (
            <Form.Item
              name="payPassword"
              label={t('withdraw.enterFundPassword')}
              normalize={(value: string) => value.replace(/[^0-9]/g, '').slice(0, 6)}
              rules={[rule((value?: string) => (isValidFundPassword(value ?? '') ? null : t('fundPwd.sixDigits')))]}
              description={
                triesLeft !== null && (
                  <span className="wallet-pin__alert" role="alert" data-testid="fund-password-tries-left">
                    {t('withdraw.triesLeft', { count: triesLeft })}
                  </span>
                )
              }
            >
              {/* The sixth digit sends it, as a PIN pad does. */}
              <PinInput data-testid="fund-password" label={t('withdraw.enterFundPassword')} onFill={() => form.submit()} />
            </Form.Item>
          )}
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

/** The end of a fund-password lock while it lasts; it clears itself when the time comes. */
function useLockedUntil(known: string | null) {
  const [value, set] = useState<string | null>(known !== null && Date.parse(known) > Date.now() ? known : null);
  useEffect(() => {
    if (!value) return;
    const timer = setTimeout(() => set(null), Math.max(0, Date.parse(value) - Date.now()));
    return () => clearTimeout(timer);
  }, [value]);
  return { value, set };
}
