import { Form, Input, NoticeBar, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isValidEvmAddress } from '@rigshare/domain';
import { SubmitForm, showRefusalOnForm } from '@rigshare/ui';
import { rule } from '../../shared/form-rules';

export const CURRENCIES = ['USDT'] as const;
/** BEP20 is the only network the platform pays out on. */
export const CHAINS = ['BEP20'] as const;

export interface AddressInput {
  currency: string;
  chain: string;
  address: string;
}

interface AddressValues {
  currency?: string[];
  chain?: string[];
  address?: string;
}

export interface AddressFormProps {
  busy?: boolean;
  /** Rejects with the server's refusal, shown under the field it concerns. */
  onSubmit(input: AddressInput): void | Promise<void>;
}

/** Currency, then chain, then the address (disabled until a chain is chosen). */
export function AddressForm({ busy = false, onSubmit }: AddressFormProps) {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<AddressValues>();
  const chain = Form.useWatch('chain', form)?.[0];
  const chosen = (values?: string[]) => (values?.length ? null : t('address.incomplete'));

  const finish = async ({ currency, chain: chains, address = '' }: AddressValues) => {
    try {
      await onSubmit({ currency: currency?.[0] ?? '', chain: chains?.[0] ?? '', address: address.trim() });
    } catch (error) {
      showRefusalOnForm(form, error, ['currency', 'chain', 'address']);
    }
  };

  return (
    <>
      <NoticeBar wrap color="alert" content={t('address.bep20Only')} data-testid="bep20-warning" />
      <SubmitForm
        form={form}
        className="wallet-card"
        onFinish={finish}
        onValuesChange={(changed: AddressValues) => {
          if (changed.chain && !changed.chain[0]) form.setFieldValue('address', '');
        }}
        submit={{ text: t('address.save'), busy, testId: 'address-submit', size: 'large' }}
      >
        <Form.Item name="currency" label={t('address.currency')} rules={[rule(chosen)]}>
          <Selector data-testid="address-currency" options={CURRENCIES.map((value) => ({ label: value, value }))} />
        </Form.Item>
        <Form.Item name="chain" label={t('address.chain')} rules={[rule(chosen)]}>
          <Selector data-testid="address-chain" options={CHAINS.map((value) => ({ label: value, value }))} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('address.address')}
          help={chain ? undefined : t('address.chooseChainFirst')}
          normalize={(value: string) => value.trim()}
          rules={[rule((value?: string) => (!value ? t('address.incomplete') : isValidEvmAddress(value) ? null : t('address.invalid')))]}
        >
          <Input data-testid="address-input" disabled={!chain} placeholder={chain ? t('address.addressPlaceholder') : undefined} />
        </Form.Item>
      </SubmitForm>
    </>
  );
}
