import { useEffect, useState } from 'react';
import { Picker } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Country } from '@rigshare/api-schema';
import { useCountriesQuery } from './auth-api';

const NO_COUNTRIES: Country[] = [];

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
  const { data: countries = NO_COUNTRIES } = useCountriesQuery();
  const [visible, setVisible] = useState(false);

  // Once the list is there, a form without a country (or with one not served) takes the default.
  const fallback = countries.length > 0 && (!value || !countries.some((c) => c.region === value)) ? countries[0].region : null;
  useEffect(() => {
    if (fallback) onChange?.(fallback);
    // A value set later (a prefilled number) is kept; only the list's arrival picks the default.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countries]);

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
