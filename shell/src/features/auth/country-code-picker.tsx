import { useEffect, useState } from 'react';
import { Picker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { accountsApi, type Country } from '@rigshare/api-client';

interface CountryCodePickerProps {
  /** The picked country's ISO code (a form field's value). */
  value?: string;
  onChange?: (region: string) => void;
}

/**
 * The country prefix in front of the phone field, from auth/countrys (the deployment's default country
 * first). It is a form control: the forms send the picked country with the number, and the server
 * stores the number in E.164.
 */
export function CountryCodePicker({ value, onChange }: CountryCodePickerProps) {
  const { t } = useTranslation('shell');
  const [countries, setCountries] = useState<Country[]>([]);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let cancelled = false;
    accountsApi.countries().then(
      ({ data }) => {
        if (cancelled || !data?.length) return;
        setCountries(data);
        if (!value || !data.some((c) => c.region === value)) onChange?.(data[0].region);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
    // The list is read once; a value set later (a prefilled number) is kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const picked = countries.find((c) => c.region === value) ?? countries[0];
  if (!picked) return null;
  return (
    <>
      <button type="button" className="country-code" onClick={() => setVisible(true)} aria-label={`${picked.code} ${t('fields.countryCode')}`} data-testid="country-code">
        {picked.code} <DownFill fontSize={10} />
      </button>
      <Picker
        columns={[countries.map((c) => ({ label: `${c.code}  ${c.name}`, value: c.region }))]}
        visible={visible}
        value={[picked.region]}
        title={t('fields.countryCode')}
        confirmText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onClose={() => setVisible(false)}
        onConfirm={([region]) => region && onChange?.(String(region))}
      />
    </>
  );
}
