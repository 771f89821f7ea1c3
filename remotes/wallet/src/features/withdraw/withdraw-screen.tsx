import { useCallback, useRef, useState } from 'react';
import { Button, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { shortenAddress } from '@rigshare/domain';
import { getAddress, getBalance, getBankCard, getWithdrawInfo, hasFundPassword, quoteWithdrawal, withdraw, type Channel, type WithdrawQuote } from '../../api/wallet';
import { RequestIdKeeper } from '@rigshare/api-client';
import { LoadFailed, useRequest } from '@rigshare/ui';
import { HoldNotice } from '../shared/hold-notice';
import { showRefusal } from '../shared/refusal';
import { AmountStep } from './amount-step';
import { ConfirmStep } from './confirm-step';
import '../../wallet.css';

async function loadDestination(channel: Channel, signal: AbortSignal): Promise<string | null> {
  if (channel === 'USDT') {
    const address = await getAddress(signal);
    return address ? shortenAddress(address.address) : null;
  }
  const card = await getBankCard(signal);
  return card ? `${card.bankName} ${card.accountNumber}` : null;
}

/** `/user/withdraw` (USDT) and `/user/cashwithdraw` (bank): amount -> confirm with fee and net -> fund password. */
export function WithdrawScreen({ channel }: { channel: Channel }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const keeper = useRef(new RequestIdKeeper());
  const [attempt, setAttempt] = useState<{ amount: string; quote: WithdrawQuote } | null>(null);
  const [quoting, setQuoting] = useState(false);
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [balance, info, destination, fundPasswordSet] = await Promise.all([
        getBalance(signal),
        getWithdrawInfo(channel, signal),
        loadDestination(channel, signal),
        hasFundPassword(),
      ]);
      return { balance, info, destination, fundPasswordSet };
    },
    [channel],
  );
  const [state, retry] = useRequest(`withdraw:${channel}`, load);

  if (state.status === 'loading') return <Skeleton.Paragraph lineCount={6} animated />;
  if (state.status === 'error') {
    return <LoadFailed title={state.message} retry={retry} />;
  }
  const { balance, info, destination, fundPasswordSet } = state.data;
  const bindRoute = channel === 'USDT' ? '/user/address' : '/user/bank';
  // What the server would refuse after the PIN is said here, on the first step, and stops it.
  const onHold = balance.withdrawHoldUntil !== null && Date.parse(balance.withdrawHoldUntil) > Date.now();
  const blocked = destination === null || !fundPasswordSet || onHold;

  const next = async (amount: string) => {
    setQuoting(true);
    try {
      setAttempt({ amount, quote: await quoteWithdrawal(channel, amount) });
    } catch (error) {
      showRefusal(error, t, navigate);
    } finally {
      setQuoting(false);
    }
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
            withdraw({ channel, amount: attempt.amount, payPassword, requestId: keeper.current.idFor(`${channel}:${attempt.amount}`) })
          }
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
          busy={quoting}
          blocked={blocked}
          onNext={(amount) => void next(amount)}
        />
      )}
    </div>
  );
}

