import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export function ReloadNotice() {
  const { t } = useTranslation('shell');
  return (
    <div className="reload-notice" role="alert" data-testid="reload-notice">
      <ErrorBlock status="disconnected" title={t('reload.title')} description={t('reload.description')} />
    </div>
  );
}
