import { useState } from 'react';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isValidIfsc } from '@rigshare/domain';
import { LabelledInput } from '../../shared/labelled-input';

export interface BankCardInput {
  holderName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
}

/** The form's own checks (the server judges again). Returns the message key or null. */
export function bankCardProblem({ holderName, bankName, accountNumber, ifsc }: BankCardInput): string | null {
  if (!holderName.trim() || !bankName.trim() || !accountNumber || !ifsc) return 'bank.incomplete';
  if (!/^[0-9]{6,20}$/.test(accountNumber)) return 'bank.accountDigits';
  if (!isValidIfsc(ifsc)) return 'bank.invalidIfsc';
  return null;
}

/** Holder, bank, account number (digits) and IFSC (11 characters, the 5th is the digit zero). */
export function BankCardForm({ busy = false, onSubmit }: { busy?: boolean; onSubmit(input: BankCardInput): void }) {
  const { t } = useTranslation('wallet');
  const [card, setCard] = useState<BankCardInput>({ holderName: '', bankName: '', accountNumber: '', ifsc: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const change = (field: keyof BankCardInput) => (value: string) => {
    setProblem(null);
    setCard((previous) => ({ ...previous, [field]: value }));
  };

  const submit = () => {
    const input = { ...card, holderName: card.holderName.trim(), bankName: card.bankName.trim() };
    const key = bankCardProblem(input);
    if (key) return setProblem(t(key));
    onSubmit(input);
  };

  return (
    <>
      <Form layout="vertical" className="wallet-card">
        <Form.Item label={t('bank.holderName')}>
          <LabelledInput label={t('bank.holderName')} data-testid="bank-holder" value={card.holderName} onChange={change('holderName')} maxLength={64} />
        </Form.Item>
        <Form.Item label={t('bank.bankName')}>
          <LabelledInput label={t('bank.bankName')} data-testid="bank-name" value={card.bankName} onChange={change('bankName')} maxLength={64} />
        </Form.Item>
        <Form.Item label={t('bank.accountNumber')}>
          <LabelledInput
            label={t('bank.accountNumber')}
            data-testid="bank-account"
            inputMode="numeric"
            value={card.accountNumber}
            onChange={(value) => change('accountNumber')(value.replace(/[^0-9]/g, '').slice(0, 20))}
          />
        </Form.Item>
        <Form.Item label={t('bank.ifsc')} help={t('bank.ifscHelp')}>
          <LabelledInput
            label={t('bank.ifsc')}
            data-testid="bank-ifsc"
            value={card.ifsc}
            onChange={(value) => change('ifsc')(value.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 11))}
          />
        </Form.Item>
      </Form>
      {problem && (
        <p className="wallet-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" size="large" loading={busy} data-testid="bank-submit" onClick={submit}>
        {t('bank.save')}
      </Button>
    </>
  );
}
