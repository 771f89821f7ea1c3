import { useState } from 'react';
import { Button, Form, Input, NoticeBar, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { looksLikeEvmAddress } from '../../shared/withdraw-math';

export const CURRENCIES = ['USDT'] as const;
/** BEP20 is the only network the platform pays out on. */
export const CHAINS = ['BEP20'] as const;

export interface AddressInput {
  currency: string;
  chain: string;
  address: string;
}

/** The form's own checks (the server judges again). Returns the message key or null. */
export function addressProblem({ currency, chain, address }: AddressInput): string | null {
  if (!currency || !chain || !address.trim()) return 'address.incomplete';
  if (!looksLikeEvmAddress(address)) return 'address.invalid';
  return null;
}

export interface AddressFormProps {
  busy?: boolean;
  onSubmit(input: AddressInput): void;
}

/** Currency, then chain, then the address (disabled until a chain is chosen). */
export function AddressForm({ busy = false, onSubmit }: AddressFormProps) {
  const { t } = useTranslation('wallet');
  const [currency, setCurrency] = useState('');
  const [chain, setChain] = useState('');
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const input = { currency, chain, address: address.trim() };
    const key = addressProblem(input);
    if (key) return setProblem(t(key));
    setProblem(null);
    onSubmit(input);
  };

  return (
    <>
      <NoticeBar wrap color="alert" content={t('address.bep20Only')} data-testid="bep20-warning" />
      <Form layout="vertical" className="wallet-card">
        <Form.Item label={t('address.currency')}>
          <Selector
            data-testid="address-currency"
            options={CURRENCIES.map((value) => ({ label: value, value }))}
            value={currency ? [currency] : []}
            onChange={(values) => setCurrency(values[0] ?? '')}
          />
        </Form.Item>
        <Form.Item label={t('address.chain')}>
          <Selector
            data-testid="address-chain"
            options={CHAINS.map((value) => ({ label: value, value }))}
            value={chain ? [chain] : []}
            onChange={(values) => {
              setChain(values[0] ?? '');
              if (!values[0]) setAddress('');
            }}
          />
        </Form.Item>
        <Form.Item label={t('address.address')} help={chain ? undefined : t('address.chooseChainFirst')}>
          <Input
            data-testid="address-input"
            disabled={!chain}
            value={address}
            onChange={(value) => setAddress(value.trim())}
            placeholder={chain ? t('address.addressPlaceholder') : t('address.chooseChainFirst')}
          />
        </Form.Item>
      </Form>
      {problem && (
        <p className="wallet-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" size="large" loading={busy} data-testid="address-submit" onClick={submit}>
        {t('address.save')}
      </Button>
    </>
  );
}
