import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isValidBankAccountNumber, isValidIfsc } from '@rigshare/domain';
import { SubmitForm, showRefusalOnForm } from '@rigshare/ui';
import { rule } from '../../shared/form-rules';
import { LabelledInput } from '../../shared/labelled-input';

export interface BankCardInput {
  holderName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
}

const FIELDS = ['holderName', 'bankName', 'accountNumber', 'ifsc'] as const;

/** Holder, bank, account number (digits) and IFSC (11 characters, the 5th is the digit zero). */
export function BankCardForm({ busy = false, onSubmit }: { busy?: boolean; onSubmit(input: BankCardInput): void | Promise<void> }) {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Partial<BankCardInput>>();
  const filled = (value?: string) => (value?.trim() ? null : t('bank.incomplete'));

  const finish = async (values: Partial<BankCardInput>) => {
    try {
      await onSubmit({
        holderName: (values.holderName ?? '').trim(),
        bankName: (values.bankName ?? '').trim(),
        accountNumber: values.accountNumber ?? '',
        ifsc: values.ifsc ?? '',
      });
    } catch (error) {
      showRefusalOnForm(form, error, FIELDS);
    }
  };

  return (
    <SubmitForm
      form={form}
      className="wallet-card"
      onFinish={finish}
      submit={{ text: t('bank.save'), busy, testId: 'bank-submit', size: 'large' }}
    >
      <Form.Item name="holderName" label={t('bank.holderName')} rules={[rule(filled)]}>
        <LabelledInput label={t('bank.holderName')} data-testid="bank-holder" maxLength={64} />
      </Form.Item>
      <Form.Item name="bankName" label={t('bank.bankName')} rules={[rule(filled)]}>
        <LabelledInput label={t('bank.bankName')} data-testid="bank-name" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="accountNumber"
        label={t('bank.accountNumber')}
        normalize={(value: string) => value.replace(/[^0-9]/g, '').slice(0, 20)}
        rules={[rule((value?: string) => (!value ? t('bank.incomplete') : isValidBankAccountNumber(value) ? null : t('bank.accountDigits')))]}
      >
        <LabelledInput label={t('bank.accountNumber')} data-testid="bank-account" inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="ifsc"
        label={t('bank.ifsc')}
        help={t('bank.ifscHelp')}
        normalize={(value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 11)}
        rules={[rule((value?: string) => (!value ? t('bank.incomplete') : isValidIfsc(value) ? null : t('bank.invalidIfsc')))]}
      >
        <LabelledInput label={t('bank.ifsc')} data-testid="bank-ifsc" />
      </Form.Item>
    </SubmitForm>
  );
}
