import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { PinInput } from '../../shared/pin-input';
import { useTranslation } from 'react-i18next';
import type { Withdrawal, WithdrawQuote } from '../../api/wallet';
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
  const [pin, setPin] = useState('');

  const send = async (payPassword: string) => {
    if (busy) return;
    try {
      onDone(await submit(payPassword));
    } catch (error) {
      setPin('');
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
        <div className="wallet-pin">
          <p>{t('withdraw.enterFundPassword')}</p>
          <PinInput
            data-testid="fund-password"
            label={t('withdraw.enterFundPassword')}
            value={pin}
            onChange={(value) => setPin(value.replace(/[^0-9]/g, '').slice(0, 6))}
            onFill={(value) => void send(value)}
          />
          <Button block color="primary" size="large" loading={busy} disabled={pin.length !== 6} onClick={() => void send(pin)}>
            {t('withdraw.submit')}
          </Button>
        </div>
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
