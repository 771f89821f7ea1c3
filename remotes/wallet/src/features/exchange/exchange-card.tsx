import { useRef, useState } from 'react';
import { Button, Form, Input, Skeleton, Tag, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { RequestIdKeeper } from '@rigshare/api-client';
import { formatDateTime, money } from '@rigshare/i18n';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage, FRESH, useExchangeStatusQuery, useRedeemExchangeMutation } from '../../api/endpoints';
import { rule } from '../../shared/form-rules';
import type { ExchangeRecord, ExchangeStatus } from '../../api/wallet';
import './exchange.css';

export interface ExchangeFormProps {
  status: ExchangeStatus;
  /** Redeems the code; resolves with the credit and the server's message, or throws with the refusal's message. */
  redeem(code: string): Promise<{ record: ExchangeRecord; message: string }>;
  /** The redemption is under way. */
  busy?: boolean;
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
        {t('exchange.usedDetail', { code: record.code, amount: money(record.amount), time: formatDateTime(record.createTime, i18n.language) })}
      </p>
    </div>
  );
}

/** The "Exchange" card: one code per member, ever; once used it says which code and what it paid. */
export function ExchangeForm({ status, redeem, busy = false }: ExchangeFormProps) {
  const { t } = useTranslation('wallet');
  const [record, setRecord] = useState<ExchangeRecord | null>(status.used ? status.record : null);
  const [form] = Form.useForm<{ code?: string }>();

  const submit = async ({ code = '' }: { code?: string }) => {
    try {
      const done = await redeem(code.trim());
      Toast.show({ icon: 'success', content: done.message });
      setRecord(done.record);
    } catch (error) {
      // Every refusal of a redemption concerns the code.
      form.setFields([{ name: 'code', errors: [errorMessage(error)] }]);
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
          <Form form={form} className="wallet-exchange__form" onFinish={(values) => void submit(values)}>
            <Form.Item
              name="code"
              rules={[rule((value?: string) => (value?.trim() ? null : t('exchange.required')))]}
              extra={
                <Button type="submit" color="primary" size="small" loading={busy}>
                  {t('exchange.submit')}
                </Button>
              }
            >
              <Input data-testid="exchange-code" className="wallet-exchange__input" placeholder={t('exchange.placeholder')} maxLength={32} aria-label={t('exchange.title')} />
            </Form.Item>
          </Form>
        </>
      )}
    </section>
  );
}

/** The card with its state loaded from the server; a retry keeps its requestId so it can never pay twice. */
export function ExchangeCard() {
  const status = useExchangeStatusQuery(undefined, FRESH);
  const [redeemExchange, redeeming] = useRedeemExchangeMutation();
  const keeper = useRef(new RequestIdKeeper());
  const redeem = async (code: string) => {
    const done = await redeemExchange({ code, requestId: keeper.current.idFor(code.toUpperCase()) }).unwrap();
    keeper.current.settle();
    return done;
  };
  if (status.data) return <ExchangeForm status={status.data} redeem={redeem} busy={redeeming.isLoading} />;
  if (status.isError) return <LoadFailed title={errorMessage(status.error)} retry={() => void status.refetch()} />;
  return <Skeleton.Paragraph lineCount={2} animated />;
}
