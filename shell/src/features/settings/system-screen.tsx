import { useState } from 'react';
import { List, Picker } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { LOCALES } from '@rigshare/i18n';
import { selectSession } from '@rigshare/session';
import { SALES_UNITS, readSalesUnit, writeSalesUnit, type SalesUnit } from './sales-unit';

/** System settings: language, the sales unit, the app version and about. */
export default function SystemScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const session = useSelector(selectSession);
  const [unit, setUnit] = useState<SalesUnit>(readSalesUnit);
  const [picking, setPicking] = useState(false);
  const unitLabel = (code: SalesUnit) => {
    const found = SALES_UNITS.find((u) => u.code === code)!;
    return `${found.code} (${found.symbol})`;
  };

  return (
    <>
      <List mode="card">
        <List.Item extra={LOCALES.find((l) => l.tag === session.languageType)?.name} onClick={() => navigate('/index/language')} data-testid="system-language">
          {t('language.title')}
        </List.Item>
        <List.Item extra={<span data-testid="system-sales-unit">{unitLabel(unit)}</span>} description={t('system.salesUnitHint')} onClick={() => setPicking(true)}>
          {t('system.salesUnit')}
        </List.Item>
      </List>
      <List mode="card">
        <List.Item extra={`${session.version} (${session.versionCode})`} arrow={false} data-testid="system-version">
          {t('system.version')}
        </List.Item>
        <List.Item onClick={() => navigate('/index/about')}>{t('about.title')}</List.Item>
      </List>
      <Picker
        columns={[SALES_UNITS.map((u) => ({ label: unitLabel(u.code), value: u.code }))]}
        visible={picking}
        value={[unit]}
        title={t('system.salesUnit')}
        confirmText={t('common:actions.confirm')}
        cancelText={t('common:actions.cancel')}
        onClose={() => setPicking(false)}
        onConfirm={([value]) => {
          const chosen = SALES_UNITS.find((u) => u.code === value)?.code;
          if (!chosen) return;
          writeSalesUnit(chosen);
          setUnit(chosen);
        }}
      />
    </>
  );
}
