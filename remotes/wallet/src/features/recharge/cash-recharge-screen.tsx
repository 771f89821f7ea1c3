import { useCallback, useRef, useState } from 'react';
import { Button, Form, Selector, Skeleton, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, formatAmount, sanitizeAmountInput } from '@rigshare/domain';
import { LoadFailed, PageEmpty, PullToLoadList, useRequest } from '@rigshare/ui';
import { getExchangeRate, listCashRecharges, listRechargeChannels, submitCashRecharge, type Deposit, type RechargeChannel } from '../../api/wallet';
import { formatDateTime } from '@rigshare/i18n';
import { formatMoney } from '../../shared/money';
import { LabelledInput } from '../../shared/labelled-input';
import { RequestIdKeeper } from '@rigshare/api-client';
import { amountMicro } from '../../shared/withdraw-math';
import { rateMicro, usdtEquivalent } from './recharge-math';
import '../../wallet.css';

const STATUS_COLOR = { Pending: 'warning', Arrived: 'success', Failed: 'danger' } as const;

function DepositItem({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation('wallet');
  return (
    <div className="wallet-card wallet-record" data-testid="deposit-record">
      <div className="wallet-record__row">
        <strong>
          {formatMoney(deposit.amount)} {deposit.currency}
        </strong>
        <Tag color={STATUS_COLOR[deposit.status] ?? 'default'}>{t(`depositStatus.${deposit.status}`, { defaultValue: deposit.status })}</Tag>
      </div>
      <div className="wallet-record__row wallet-record__muted">
        <span>{t('recharge.usdtValue')}</span>
        <span>{formatMoney(deposit.usdtAmount)} USDT</span>
      </div>
      <div className="wallet-record__row wallet-record__muted">
        <span>{t('recharge.reference')}</span>
        <span className="wallet-break">{deposit.reference}</span>
      </div>
      <div className="wallet-record__muted">{formatDateTime(deposit.createTime, i18n.language)}</div>
    </div>
  );
}

/** The USDT the amount is worth at the current rate (USDT counted as USD). */
function Equivalent({ channel, amount }: { channel: RechargeChannel; amount: string }) {
  const { t } = useTranslation('wallet');
  const load = useCallback((signal: AbortSignal) => getExchangeRate(channel.currency, signal), [channel.currency]);
  const [state] = useRequest(`rate:${channel.currency}`, load);
  if (state.status !== 'ready') return null;
  const rate = rateMicro(state.data);
  const micro = amountMicro(amount);
  if (rate === null) return null;
  return (
    <p className="wallet-hint" data-testid="recharge-usdt">
      {micro !== null && micro > 0n && t('recharge.equivalent', { amount: formatMoney(usdtEquivalent(micro, rate)) })}{' '}
      {t('recharge.rate', { rate: state.data, currency: channel.currency })}
    </p>
  );
}

/** `/user/cashrecharge`: ask for a bank or cash recharge; staff confirm it once the money is there. */
export default function CashRechargeScreen() {
  const { t } = useTranslation('wallet');
  const keeper = useRef(new RequestIdKeeper());
  const [channels, retry] = useRequest('recharge-channels', listRechargeChannels);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [listKey, setListKey] = useState(0);
  const loadDeposits = useCallback((pageNum: number) => listCashRecharges(pageNum, DEFAULT_PAGE_SIZE), []);

  if (channels.status === 'loading') return <Skeleton.Paragraph lineCount={6} animated />;
  if (channels.status === 'error') {
    return <LoadFailed title={channels.message} retry={retry} />;
  }
  const channel = channels.data.find((c) => c.id === channelId) ?? null;
  const amountLabel = channel ? t('recharge.amountIn', { currency: channel.currency }) : t('recharge.amount');

  const submit = async () => {
    if (!channel) return setProblem(t('recharge.chooseChannel'));
    const micro = amountMicro(amount);
    if (micro === null || micro <= 0n) return setProblem(t('recharge.enterAmount'));
    if (micro < BigInt(channel.minAmount)) return setProblem(t('recharge.minimum', { amount: formatAmount(channel.minAmount, 0), currency: channel.currency }));
    const ref = reference.trim();
    if (ref.length < 4 || ref.length > 64) return setProblem(t('recharge.referenceLength'));
    setProblem(null);
    setBusy(true);
    try {
      await submitCashRecharge({ bankId: channel.id, amount, reference: ref, requestId: keeper.current.idFor(`${channel.id}:${amount}:${ref}`) });
      keeper.current.settle();
      Toast.show({ icon: 'success', content: t('recharge.submitted') });
      setAmount('');
      setReference('');
      setListKey((n) => n + 1);
    } catch {
      // The client has shown the server's message; the same attempt keeps its requestId for a retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-screen">
      <Form layout="vertical" className="wallet-card">
        <Form.Item label={t('recharge.channel')}>
          <Selector
            columns={1}
            options={channels.data.map((c) => ({ label: `${c.name} (${c.currency})`, value: c.id, description: t('recharge.minimum', { amount: formatAmount(c.minAmount, 0), currency: c.currency }) }))}
            value={channelId === null ? [] : [channelId]}
            onChange={(values) => {
              setChannelId(values[0] ?? null);
              setProblem(null);
            }}
          />
        </Form.Item>
        {channel && <p className="wallet-instructions">{channel.instructions}</p>}
        <Form.Item label={amountLabel}>
          <LabelledInput label={amountLabel} data-testid="recharge-amount" inputMode="decimal" value={amount} onChange={(value) => setAmount(sanitizeAmountInput(value))} />
        </Form.Item>
        {channel && <Equivalent channel={channel} amount={amount} />}
        <Form.Item label={t('recharge.reference')} help={t('recharge.referenceHelp')}>
          <LabelledInput label={t('recharge.reference')} value={reference} maxLength={64} onChange={setReference} />
        </Form.Item>
      </Form>
      {problem && (
        <p className="wallet-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
        {t('recharge.submit')}
      </Button>
      <h3 className="wallet-subtitle">{t('recharge.requests')}</h3>
      <PullToLoadList
        className="wallet-list"
        resetKey={listKey}
        load={loadDeposits}
        itemKey={(d) => d.id}
        renderItem={(d) => <DepositItem deposit={d} />}
        empty={<PageEmpty className="wallet-empty" title={t('recharge.noRequests')} />}
      />
    </div>
  );
}
