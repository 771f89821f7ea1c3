import { Button, Dialog, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { maskPhone } from '@rigshare/domain';
import { loggedOut, selectSession } from '@rigshare/session';
import { CopyText, MemberAvatar } from '@rigshare/ui';
import { useLogoutMutation } from './profile-api';

/** Personal information and logout (with a confirmation). */
export default function InformationScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
  const [endSession, leaving] = useLogoutMutation();

  const logout = async () => {
    const confirmed = await Dialog.confirm({
      title: t('information.logoutTitle'),
      content: t('information.logoutConfirm'),
      confirmText: t('information.logout'),
      cancelText: t('common:actions.cancel'),
    });
    if (!confirmed || !session.token) return;
    try {
      await endSession(session.token).unwrap();
    } catch {
      // Not logged out: the API client showed why; the session stays as it is.
      return;
    }
    dispatch(loggedOut());
    navigate('/user/login', { replace: true });
  };

  return (
    <div className="information-screen">
      <List mode="card">
        <List.Item extra={<MemberAvatar src={session.avatar} name={session.name || session.phone} size={44} />} onClick={() => navigate('/user/edit')} data-testid="info-avatar">
          {t('information.avatar')}
        </List.Item>
        <List.Item extra={<span data-testid="info-name">{session.name || t('information.notSet')}</span>} onClick={() => navigate('/user/name')}>
          {t('information.name')}
        </List.Item>
        <List.Item extra={maskPhone(session.phone)} arrow={false}>
          {t('fields.phone')}
        </List.Item>
        <List.Item extra={session.userId} arrow={false}>
          {t('information.userId')}
        </List.Item>
      </List>
      <List mode="card">
        <List.Item arrow={false} extra={session.inviteCode ? <CopyText text={session.inviteCode} /> : '—'}>
          {t('share.inviteCode')}
        </List.Item>
        <List.Item arrow={false} extra={session.upInviteCode || '—'}>
          {t('information.inviterCode')}
        </List.Item>
      </List>
      <div className="screen-actions">
        <Button block color="danger" fill="outline" size="large" loading={leaving.isLoading} onClick={() => void logout()} data-testid="logout">
          {t('information.logout')}
        </Button>
      </div>
    </div>
  );
}
