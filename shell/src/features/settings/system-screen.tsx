import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { LOCALES } from '@rigshare/i18n';
import { selectSession } from '@rigshare/session';

/**
 * System settings: language, the app version and about. No sales unit: every amount is in USDT, and a
 * local-currency display would need a staff-set, dated rate per currency (docs/decisions.md).
 */
export default function SystemScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const session = useSelector(selectSession);

  return (
    <>
      <List mode="card">
        <List.Item extra={LOCALES.find((l) => l.tag === session.languageType)?.name} onClick={() => navigate('/index/language')} data-testid="system-language">
          {t('language.title')}
        </List.Item>
      </List>
      <List mode="card">
        <List.Item extra={`${session.version} (${session.versionCode})`} arrow={false} data-testid="system-version">
          {t('system.version')}
        </List.Item>
        <List.Item onClick={() => navigate('/index/about')}>{t('about.title')}</List.Item>
      </List>
    </>
  );
}
