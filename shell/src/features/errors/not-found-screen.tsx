import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export default function NotFoundScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="error-screen" data-testid="not-found">
      <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.description')}>
        <Button color="primary" onClick={() => navigate('/index')}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
