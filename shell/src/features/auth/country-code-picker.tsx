import { useEffect, useState } from 'react';
import { Picker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { accountsApi, type Country } from '@rigshare/api-client';

/**
 * The country prefix in front of the phone field, from auth/countrys. It is shown only: the
 * server receives the national number as typed.
 */
export function CountryCodePicker() {
  const { t } = useTranslation('shell');
  const [countries, setCountries] = useState<Country[]>([]);
  const [code, setCode] = useState<string>('');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let cancelled = false;
    accountsApi.countries().then(
      ({ data }) => {
        if (cancelled || !data?.length) return;
        setCountries(data);
        setCode((current) => current || data[0].code);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (countries.length === 0) return null;
  return (
    <>
      <button type="button" className="country-code" onClick={() => setVisible(true)} aria-label={`${code} ${t('fields.countryCode')}`} data-testid="country-code">
        {code} <DownFill fontSize={10} />
      </button>
      <Picker
        columns={[countries.map((c) => ({ label: `${c.code}  ${c.name}`, value: c.code }))]}
        visible={visible}
        value={[code]}
        title={t('fields.countryCode')}
        confirmText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onClose={() => setVisible(false)}
        onConfirm={([value]) => value && setCode(String(value))}
      />
    </>
  );
}
