import { List } from 'antd-mobile';
import { LockOutline, UnlockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Security centre: the login password and the fund password (the wallet's screen). */
export default function SecurityCenterScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <List mode="card" className="security-list">
      <List.Item prefix={<LockOutline />} description={t('security.loginPasswordHint')} onClick={() => navigate('/user/loginPwd')} data-testid="security-login-password">
        {t('loginPassword.title')}
      </List.Item>
      <List.Item prefix={<UnlockOutline />} description={t('security.fundPasswordHint')} onClick={() => navigate('/user/fundPwd')} data-testid="security-fund-password">
        {t('security.fundPassword')}
      </List.Item>
    </List>
  );
}
