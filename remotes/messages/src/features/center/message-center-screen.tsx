import { Badge, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnreadMessages } from '@rigshare/api-client';
import '../../messages.css';

/** `/message`: the member's own messages (with the unread count), news, notices and feedback. */
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
        <List.Item onClick={() => navigate('/news')} description={t('center.newsDescription')} data-testid="center-news">
          {t('news.title')}
        </List.Item>
        <List.Item onClick={() => navigate('/user/news')} description={t('center.noticesDescription')} data-testid="center-notices">
          {t('notices.title')}
        </List.Item>
        <List.Item onClick={() => navigate('/user/feedback')} description={t('center.feedbackDescription')} data-testid="center-feedback">
          {t('feedback.title')}
        </List.Item>
      </List>
    </div>
  );
}
