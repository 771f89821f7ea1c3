import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/**
 * A path a remote owns (it is in remotes.json) but whose screen that remote does not ship yet:
 * the page exists in the product, it is just not open, so this says so instead of "not found".
 */
export default function NotYetAvailableScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <div className="error-screen" data-testid="not-yet-available">
      <ErrorBlock status="default" title={t('notYetAvailable.title')} description={t('notYetAvailable.description')}>
        <Button color="primary" onClick={() => navigate('/index')}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
