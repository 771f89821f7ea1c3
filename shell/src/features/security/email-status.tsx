import { Button, Result, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import { FRESH, useMemberEmailQuery } from './email-api';

/** The member's address as the server has it: bound and verified, or an invitation to bind one. */
export function EmailStatus() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { data: email, isError, error, refetch } = useMemberEmailQuery(undefined, FRESH);
  const toBind = () => navigate('/user/bindEmail');

  if (email === undefined) {
    if (isError) return <LoadFailed title={t('email.loadFailed')} message={error?.message ?? ''} retry={() => void refetch()} />;
    return <Skeleton.Paragraph lineCount={4} animated />;
  }
  if (email === null) {
    return (
      <PageEmpty title={t('email.notBoundPrompt')}>
        <Button color="primary" onClick={toBind} data-testid="email-go-bind">
          {t('email.bind')}
        </Button>
      </PageEmpty>
    );
  }
  return (
    <div className="email-screen">
      <Result
        status="success"
        title={t('email.verified')}
        description={
          <span className="email-address" data-testid="verified-email">
            {email}
          </span>
        }
      />
      <div className="screen-actions">
        <Button block size="large" onClick={toBind} data-testid="email-change">
          {t('email.change')}
        </Button>
      </div>
    </div>
  );
}
