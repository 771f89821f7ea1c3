import { useRef, useState } from 'react';
import { Button, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { shortenAddress } from '@rigshare/domain';
import {
  errorMessage,
  FRESH,
  useAddressQuery,
  useBalanceQuery,
  useBankCardQuery,
  useHasFundPasswordQuery,
  useQuoteWithdrawalMutation,
  useWithdrawInfoQuery,
  useWithdrawMutation,
} from '../../api/endpoints';
import type { Channel, WithdrawQuote } from '../../api/wallet';
import { RequestIdKeeper } from '@rigshare/api-client';
import { LoadFailed } from '@rigshare/ui';
import { HoldNotice } from '../shared/hold-notice';
import { showRefusal } from '../shared/refusal';
import { AmountStep } from './amount-step';
import { ConfirmStep } from './confirm-step';
import '../../wallet.css';

/** Where the money goes: the bound address (USDT) or bank card; `null` when none is bound. */
function useDestination(channel: Channel) {
  const address = useAddressQuery(undefined, { ...FRESH, skip: channel !== 'USDT' });
  const card = useBankCardQuery(undefined, { ...FRESH, skip: channel === 'USDT' });
  const source = channel === 'USDT' ? address : card;
  const text =
    channel === 'USDT'
      ? address.data === undefined ? undefined : address.data && shortenAddress(address.data.address)
      : card.data === undefined ? undefined : card.data && `${card.data.bankName} ${card.data.accountNumber}`;
  return { text, isError: source.isError, error: source.error, refetch: source.refetch };
}

/** `/user/withdraw` (USDT) and `/user/cashwithdraw` (bank): amount -> confirm with fee and net -> fund password. */
export function WithdrawScreen({ channel }: { channel: Channel }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const keeper = useRef(new RequestIdKeeper());
  const [attempt, setAttempt] = useState<{ amount: string; quote: WithdrawQuote } | null>(null);
  const balanceQuery = useBalanceQuery(undefined, FRESH);
  const infoQuery = useWithdrawInfoQuery(channel);
  const destinationQuery = useDestination(channel);
  const fundPasswordQuery = useHasFundPasswordQuery(undefined, FRESH);
  const [quoteWithdrawal, quoting] = useQuoteWithdrawalMutation();
  const [withdraw, withdrawing] = useWithdrawMutation();

  const sources = [balanceQuery, infoQuery, destinationQuery, fundPasswordQuery];
  const failed = sources.find((source) => source.isError);
  if (failed) {
    const retry = () => sources.filter((source) => source.isError).forEach((source) => void source.refetch());
    return <LoadFailed title={errorMessage(failed.error)} retry={retry} />;
  }
  const balance = balanceQuery.data;
  const info = infoQuery.data;
  const destination = destinationQuery.text;
  const fundPasswordSet = fundPasswordQuery.data;
  if (!balance || !info || destination === undefined || fundPasswordSet === undefined) return <Skeleton.Paragraph lineCount={6} animated />;
  const bindRoute = channel === 'USDT' ? '/user/address' : '/user/bank';
  // What the server would refuse after the PIN is said here, on the first step, and stops it.
  const onHold = balance.withdrawHoldUntil !== null && Date.parse(balance.withdrawHoldUntil) > Date.now();
  const blocked = destination === null || !fundPasswordSet || onHold;

  const next = async (amount: string) => {
    setAttempt({ amount, quote: await quoteWithdrawal({ channel, amount }).unwrap() });
  };

  return (
    <div className="wallet-screen">
      <HoldNotice until={balance.withdrawHoldUntil} />
      {destination === null && (
        <NoticeBar
          data-testid="withdraw-need-destination"
          className="wallet-hold"
          color="alert"
          wrap
          content={t(channel === 'USDT' ? 'withdraw.bindAddress' : 'withdraw.noBankCard')}
          extra={
            <Button size="mini" color="primary" fill="none" onClick={() => navigate(bindRoute)}>
              {t('withdraw.goBind')}
            </Button>
          }
        />
      )}
      {!fundPasswordSet && (
        <NoticeBar
          data-testid="withdraw-need-fund-password"
          className="wallet-hold"
          color="alert"
          wrap
          content={t('withdraw.bindFundPassword')}
          extra={
            <Button size="mini" color="primary" fill="none" data-testid="withdraw-set-fund-password" onClick={() => navigate('/user/fundPwd')}>
              {t('withdraw.setFundPassword')}
            </Button>
          }
        />
      )}
      {attempt ? (
        <ConfirmStep
          quote={attempt.quote}
          destination={destination ?? t(channel === 'USDT' ? 'withdraw.noAddress' : 'withdraw.noBankCard')}
          submit={(payPassword) =>
            withdraw({ channel, amount: attempt.amount, payPassword, requestId: keeper.current.idFor(`${channel}:${attempt.amount}`) }).unwrap()
          }
          busy={withdrawing.isLoading}
          lockedUntil={balance.fundPasswordLockedUntil}
          onDone={() => {
            keeper.current.settle();
            Toast.show({ icon: 'success', content: t('withdraw.submitted') });
            navigate('/user/withrecord');
          }}
          onRefused={(error) => showRefusal(error, t, navigate)}
          onBack={() => setAttempt(null)}
        />
      ) : (
        <AmountStep
          channel={channel}
          available={balance.available}
          feePercent={info.feePercent}
          minimum={info.minimum}
          arrival={info.arrival}
          busy={quoting.isLoading}
          blocked={blocked}
          onNext={next}
          onRefused={(error) => showRefusal(error, t, navigate)}
        />
      )}
      <Button block fill="none" color="primary" onClick={() => navigate('/user/allExtract')} data-testid="withdraw-all-records">
        {t('balance.withdrawalRecords')}
      </Button>
    </div>
  );
}

