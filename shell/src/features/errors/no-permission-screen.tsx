import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export default function NoPermissionScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="error-screen">
      <ErrorBlock status="default" title={t('noPermission.title')} description={t('noPermission.description')}>
        <Button color="primary" onClick={() => navigate('/index')}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
