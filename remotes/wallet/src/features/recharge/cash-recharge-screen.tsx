import { useRef } from 'react';
import { Form, Selector, Skeleton, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RequestIdKeeper, useServiceLinkQuery } from '@rigshare/api-client';
import { amountFromText, isUsableServiceLink, isValidRechargeReference, rateFromText, rechargeAmountProblem, sanitizeAmountInput, toUsdt } from '@rigshare/domain';
import { formatDateTime, money, usdt } from '@rigshare/i18n';
import { InfiniteList, LoadFailed, NotSetUp, PageEmpty, SubmitForm, showRefusalOnForm } from '@rigshare/ui';
import { errorMessage, FRESH, useCashRechargeMutation, useCashRechargesInfiniteQuery, useExchangeRateQuery, useRechargeChannelsQuery } from '../../api/endpoints';
import type { Deposit, RechargeChannel } from '../../api/wallet';
import type { ExchangeRate } from '@rigshare/api-schema';
import { rule } from '../../shared/form-rules';
import { LabelledInput } from '../../shared/labelled-input';
import '../../wallet.css';

const STATUS_COLOR = { Pending: 'warning', Arrived: 'success', Failed: 'danger' } as const;

interface RechargeValues {
  channel?: number[];
  amount?: string;
  reference?: string;
}

function DepositItem({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation('wallet');
  return (
    <div className="wallet-card wallet-record" data-testid="deposit-record">
      <div className="wallet-record__row">
        <strong>
          {money(deposit.amount)} {deposit.currency}
        </strong>
        <Tag color={STATUS_COLOR[deposit.status] ?? 'default'}>{t(`depositStatus.${deposit.status}`, { defaultValue: deposit.status })}</Tag>
      </div>
      <div className="wallet-record__row wallet-record__muted">
        <span>{t('recharge.usdtValue')}</span>
        <span>{usdt(deposit.usdtAmount)}</span>
      </div>
      <div className="wallet-record__row wallet-record__muted">
        <span>{t('recharge.reference')}</span>
        <span className="wallet-break">{deposit.reference}</span>
      </div>
      <div className="wallet-record__muted">{formatDateTime(deposit.createTime, i18n.language)}</div>
    </div>
  );
}

/**
 * The USDT the amount is worth at the current rate (USDT counted as USD), by the server's own conversion
 * rule, with the rate and when it was set; a rate too old to convert at says so instead.
 */
function Equivalent({ rate, amount }: { rate: ExchangeRate; amount: string }) {
  const { t, i18n } = useTranslation('wallet');
  const setAt = formatDateTime(rate.updatedAt, i18n.language);
  if (rate.stale)
    return (
      <p className="wallet-hint wallet-hint--warning" role="alert" data-testid="recharge-rate-stale">
        {t('recharge.rateStale', { currency: rate.currency, time: setAt })}
      </p>
    );
  const rateMicro = rateFromText(rate.rate);
  if (rateMicro === null) return null;
  const micro = amountFromText(amount);
  return (
    <p className="wallet-hint" data-testid="recharge-usdt">
      {micro !== null && micro > 0n && t('recharge.equivalent', { amount: money(toUsdt(micro, rateMicro)) })}{' '}
      {t('recharge.rate', { rate: rate.rate, currency: rate.currency })} {t('recharge.rateSetAt', { time: setAt })}
    </p>
  );
}

/** `/user/cashrecharge`: ask for a bank or cash recharge; staff confirm it once the money is there. */
export default function CashRechargeScreen() {
  const { t } = useTranslation('wallet');
  const keeper = useRef(new RequestIdKeeper());
  const [form] = Form.useForm<RechargeValues>();
  const channels = useRechargeChannelsQuery();
  const deposits = useCashRechargesInfiniteQuery(undefined, FRESH);
  const [cashRecharge, submitting] = useCashRechargeMutation();
  const channelId = Form.useWatch('channel', form)?.[0];
  const amount = Form.useWatch('amount', form) ?? '';
  const chosen = channels.data?.find((c) => c.id === channelId) ?? null;
  // Rates change under a member's feet (finance sets them, they age): read afresh each time the screen opens.
  const rate = useExchangeRateQuery(chosen?.currency ?? '', { skip: !chosen, ...FRESH }).data;
  // The server refuses a recharge at a stale rate; the screen says so before the member fills the form in.
  const paused = rate?.stale === true;
  // Unknown while asking or when asking failed: then the screen says nothing about the link.
  // Whether staff have set the customer-service link the cash channels' instructions send members to.
  const serviceSet = useServiceLinkQuery(undefined, { selectFromResult: ({ data }) => ({ set: data === undefined ? undefined : isUsableServiceLink(data) }) }).set;

  if (!channels.data) {
    if (channels.isError) return <LoadFailed title={errorMessage(channels.error)} retry={() => void channels.refetch()} />;
    return <Skeleton.Paragraph lineCount={6} animated />;
  }
  const list = channels.data;
  const channel = list.find((c) => c.id === channelId) ?? null;
  const amountLabel = channel ? t('recharge.amountIn', { currency: channel.currency }) : t('recharge.amount');
  const minimumText = (c: RechargeChannel) => t('recharge.minimum', { amount: money(c.minAmount, { decimals: 'exact' }), currency: c.currency });

  const submit = async ({ amount: text = '', reference = '' }: RechargeValues) => {
    if (!channel) return;
    const ref = reference.trim();
    try {
      await cashRecharge({ bankId: channel.id, amount: text, reference: ref, requestId: keeper.current.idFor(`${channel.id}:${text}:${ref}`) }).unwrap();
      keeper.current.settle();
      Toast.show({ icon: 'success', content: t('recharge.submitted') });
      form.setFieldsValue({ amount: '', reference: '' });
    } catch (error) {
      // The same attempt keeps its requestId for a retry.
      showRefusalOnForm(form, error, ['amount', 'reference']);
    }
  };

  return (
    <div className="wallet-screen">
      {list.length === 0 && <NotSetUp text={t('recharge.noChannelsYet')} testId="channels-not-set-up" />}
      {serviceSet === false && <NotSetUp text={t('recharge.serviceNotSetUp')} testId="service-not-set-up" />}
      <SubmitForm
        form={form}
        className="wallet-card"
        onFinish={submit}
        submit={{ text: t('recharge.submit'), busy: submitting.isLoading, disabled: paused, size: 'large' }}
      >
        <Form.Item name="channel" label={t('recharge.channel')} rules={[rule((value?: number[]) => (value?.length ? null : t('recharge.chooseChannel')))]}>
          <Selector columns={1} options={list.map((c) => ({ label: `${c.name} (${c.currency})`, value: c.id, description: minimumText(c) }))} />
        </Form.Item>
        {channel && <p className="wallet-instructions">{channel.instructions}</p>}
        <Form.Item
          name="amount"
          label={amountLabel}
          normalize={(value: string) => sanitizeAmountInput(value)}
          dependencies={['channel']}
          rules={[
            rule((value?: string) => {
              const problem = rechargeAmountProblem(value ?? '', BigInt(channel?.minAmount ?? '0'));
              if (problem === 'amountInvalid') return t('recharge.enterAmount');
              return problem && channel ? minimumText(channel) : null;
            }),
          ]}
        >
          <LabelledInput label={amountLabel} data-testid="recharge-amount" inputMode="decimal" />
        </Form.Item>
        {channel && rate && <Equivalent rate={rate} amount={amount} />}
        <Form.Item
          name="reference"
          label={t('recharge.reference')}
          help={t('recharge.referenceHelp')}
          rules={[rule((value?: string) => (isValidRechargeReference((value ?? '').trim()) ? null : t('recharge.referenceLength')))]}
        >
          <LabelledInput label={t('recharge.reference')} maxLength={64} />
        </Form.Item>
      </SubmitForm>
      <h3 className="wallet-subtitle">{t('recharge.requests')}</h3>
      <InfiniteList
        className="wallet-list"
        source={deposits}
        loadError={t('common:errors.refresh')}
        itemKey={(d) => d.id}
        renderItem={(d) => <DepositItem deposit={d} />}
        empty={<PageEmpty className="wallet-empty" title={t('recharge.noRequests')} />}
      />
    </div>
  );
}
