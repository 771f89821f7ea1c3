import { useCallback, useRef, useState } from 'react';
import { Button, Input, Skeleton, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RequestIdKeeper } from '@rigshare/api-client';
import { formatDateTime } from '@rigshare/i18n';
import { LoadFailed, useRequest } from '@rigshare/ui';
import { formatMoney } from '../../shared/money';
import { getExchangeStatus, redeemExchange, type ExchangeRecord, type ExchangeStatus } from './exchange-api';
import './exchange.css';

export interface ExchangeFormProps {
  status: ExchangeStatus;
  /** Redeems the code; resolves with the credit and the server's message, or throws with the refusal's message. */
  redeem(code: string): Promise<{ record: ExchangeRecord; message: string }>;
}

function UsedExchange({ record }: { record: ExchangeRecord }) {
  const { t, i18n } = useTranslation('wallet');
  return (
    <div data-testid="exchange-used">
      <div className="wallet-record__row">
        <span>{t('exchange.used')}</span>
        <Tag color="success">{t('exchange.usedTag')}</Tag>
      </div>
      <p className="wallet-hint">
        {t('exchange.usedDetail', { code: record.code, amount: formatMoney(record.amount), time: formatDateTime(record.createTime, i18n.language) })}
      </p>
    </div>
  );
}

/** The "Exchange" card: one code per member, ever; once used it says which code and what it paid. */
export function ExchangeForm({ status, redeem }: ExchangeFormProps) {
  const { t } = useTranslation('wallet');
  const [record, setRecord] = useState<ExchangeRecord | null>(status.used ? status.record : null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const entered = code.trim();
    if (!entered) return setProblem(t('exchange.required'));
    setProblem(null);
    setBusy(true);
    try {
      const done = await redeem(entered);
      Toast.show({ icon: 'success', content: done.message });
      setRecord(done.record);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="wallet-card wallet-exchange" data-testid="exchange-card">
      <h3 className="wallet-exchange__title">{t('exchange.title')}</h3>
      {record ? (
        <UsedExchange record={record} />
      ) : status.used ? (
        <p data-testid="exchange-used">{t('exchange.used')}</p>
      ) : (
        <>
          <p className="wallet-hint">{t('exchange.hint')}</p>
          <div className="wallet-exchange__form">
            <Input
              data-testid="exchange-code"
              className="wallet-exchange__input"
              placeholder={t('exchange.placeholder')}
              value={code}
              maxLength={32}
              onChange={(value) => {
                setCode(value);
                setProblem(null);
              }}
            />
            <Button color="primary" size="small" loading={busy} onClick={() => void submit()}>
              {t('exchange.submit')}
            </Button>
          </div>
          {problem && (
            <p className="wallet-error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** The card with its state loaded from the server; a retry keeps its requestId so it can never pay twice. */
export function ExchangeCard() {
  const [state, retry] = useRequest('exchange-status', getExchangeStatus);
  const keeper = useRef(new RequestIdKeeper());
  const redeem = useCallback(async (code: string) => {
    const done = await redeemExchange(code, keeper.current.idFor(code.toUpperCase()));
    keeper.current.settle();
    return done;
  }, []);
  if (state.status === 'loading') return <Skeleton.Paragraph lineCount={2} animated />;
  if (state.status === 'error') return <LoadFailed title={state.message} retry={retry} />;
  return <ExchangeForm status={state.data} redeem={redeem} />;
}
