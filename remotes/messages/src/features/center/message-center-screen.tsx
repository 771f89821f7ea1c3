import { Badge, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnreadMessages } from '@rigshare/api-client';
import '../../messages.css';

/** `/message`: where the member's messages are, with the unread count on their own messages. */
export default function MessageCenterScreen() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const unread = useUnreadMessages();
  return (
    <div className="messages-screen">
      <List className="messages-card">
        <List.Item
          onClick={() => navigate('/user/msg')}
          description={t('center.pushDescription')}
          extra={unread ? <Badge content={unread > 99 ? '99+' : String(unread)} data-testid="center-unread" /> : undefined}
          data-testid="center-push"
        >
          {t('push.title')}
        </List.Item>
      </List>
    </div>
  );
}
