import { List } from 'antd-mobile';
import { LockOutline, MailOutline, UnlockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FRESH, useMemberEmailQuery } from './email-api';

/**
 * Security centre: the login password, the fund password (the wallet's screen) and the email address,
 * which opens on its state (`/user/verify`: verified, or "go to bind"), from where it is bound or changed.
 */
export default function SecurityCenterScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const email = useMemberEmailQuery(undefined, FRESH);
  return (
    <List mode="card" className="security-list">
      <List.Item prefix={<LockOutline />} description={t('security.loginPasswordHint')} onClick={() => navigate('/user/loginPwd')} data-testid="security-login-password">
        {t('loginPassword.title')}
      </List.Item>
      <List.Item prefix={<UnlockOutline />} description={t('security.fundPasswordHint')} onClick={() => navigate('/user/fundPwd')} data-testid="security-fund-password">
        {t('security.fundPassword')}
      </List.Item>
      <List.Item prefix={<MailOutline />} description={<EmailHint email={email.data} />} onClick={() => navigate('/user/verify')} data-testid="security-email">
        {t('email.label')}
      </List.Item>
    </List>
  );
}

/** The bound address, "Not bound", or nothing while the server has not answered. */
function EmailHint({ email }: { email: string | null | undefined }) {
  const { t } = useTranslation('shell');
  if (email === undefined) return null;
  if (email === null) return <span data-testid="security-email-state">{t('email.notBound')}</span>;
  return (
    <span className="email-address" data-testid="security-email-state">
      {email}
    </span>
  );
}
