import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export default function LandingScreen() {
  const { t } = useTranslation('wallet');
  return <ErrorBlock status="empty" title={t('landing.title')} description={t('landing.empty')} />;
}
