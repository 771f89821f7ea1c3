import { Badge, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnreadMessages } from '@rigshare/api-client';
import '../../messages.css';

/** The centre's entries after the member's own messages: where each goes, its title and its line of description. */
const ENTRIES = [
  { to: '/news', title: 'news.title', description: 'center.newsDescription', testId: 'center-news' },
  { to: '/user/news', title: 'notices.title', description: 'center.noticesDescription', testId: 'center-notices' },
  { to: '/index/alert', title: 'alert.title', description: 'center.alertDescription', testId: 'center-alert' },
  { to: '/index/mycoupon', title: 'center.coupons', description: 'center.couponsDescription', testId: 'center-coupons' },
  { to: '/user/feedback', title: 'feedback.title', description: 'center.feedbackDescription', testId: 'center-feedback' },
] as const;

/** `/message`: the member's own messages (with the unread count), news, notices, announcements, coupons and feedback. */
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
        {ENTRIES.map((entry) => (
          <List.Item key={entry.to} onClick={() => navigate(entry.to)} description={t(entry.description)} data-testid={entry.testId}>
            {t(entry.title)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
