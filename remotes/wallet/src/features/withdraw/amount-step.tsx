import { useState } from 'react';
import { Button, Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatAmount, sanitizeAmountInput } from '@rigshare/domain';
import type { Channel } from '../../api/wallet';
import { formatMoneyAlike } from '../../shared/money';
import { amountMicro, feeAndNet } from '../../shared/withdraw-math';

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
  onNext(amount: string): void;
}

/** Step 1: the amount, the balance it comes from, the minimum, the fee rate and when it arrives. */
export function AmountStep({ channel, available, feePercent, minimum, arrival, busy = false, blocked = false, onNext }: AmountStepProps) {
  const { t } = useTranslation('wallet');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const micro = amountMicro(amount);
  const preview = micro !== null && micro > 0n ? feeAndNet(micro, feePercent) : null;
  const [availableText, minimumText, feeText, netText] = formatMoneyAlike([available, minimum, preview?.fee ?? 0n, preview?.net ?? 0n]);

  const next = () => {
    if (blocked) return;
    if (micro === null || micro <= 0n) return setProblem(t('withdraw.enterAmount'));
    if (micro < BigInt(minimum)) return setProblem(t('withdraw.minimum', { amount: formatAmount(minimum) }));
    if (micro > BigInt(available)) return setProblem(t('withdraw.greaterThanAvailable'));
    setProblem(null);
    onNext(amount);
  };

  return (
    <div className="wallet-card">
      <List header={t(channel === 'USDT' ? 'withdraw.usdtHeader' : 'withdraw.bankHeader')}>
        <List.Item
          extra={
            <Button size="mini" color="primary" fill="outline" onClick={() => setAmount(sanitizeAmountInput(formatAmount(available)))}>
              {t('withdraw.all')}
            </Button>
          }
        >
          <Input
            data-testid="withdraw-amount"
            inputMode="decimal"
            placeholder={t('withdraw.amountPlaceholder')}
            value={amount}
            onChange={(value) => {
              setAmount(sanitizeAmountInput(value));
              setProblem(null);
            }}
          />
        </List.Item>
        <List.Item extra={`${availableText} USDT`}>{t('withdraw.available')}</List.Item>
        <List.Item extra={`${minimumText} USDT`}>{t('withdraw.minimumLabel')}</List.Item>
        <List.Item extra={preview ? `${feeText} USDT` : `${feePercent}%`}>{t('withdraw.feeLabel', { percent: feePercent })}</List.Item>
        {preview && <List.Item extra={`${netText} USDT`}>{t('withdraw.netLabel')}</List.Item>}
      </List>
      <p className="wallet-hint">{arrival}</p>
      {problem && (
        <p className="wallet-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" size="large" loading={busy} disabled={blocked} data-testid="withdraw-next" onClick={next}>
        {t('withdraw.next')}
      </Button>
    </div>
  );
}
