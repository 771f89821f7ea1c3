import { Badge, Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PushMessage } from '@rigshare/api-schema';
import { formatDateTime } from '@rigshare/i18n';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useMarkReadMutation, useMessagePageInfiniteQuery } from '../../api/endpoints';
import '../../messages.css';

/**
 * `/user/msg`: the member's own messages, whole, newest first, one page at a time. Tapping an unread
 * message marks it read; the list and the badges reload from the server.
 */
export default function PushMessagesScreen() {
  const { t } = useTranslation('messages');
  const messages = useMessagePageInfiniteQuery();
  const [markRead, marking] = useMarkReadMutation();
  const anyUnread = messages.data?.pages.some((page) => page.list.some((m) => !m.read)) ?? false;

  const open = (message: PushMessage) => {
    if (!message.read) void markRead(message.id);
  };

  return (
    <div className="messages-screen">
      {anyUnread && (
        <div className="messages-toolbar">
          <Button size="small" fill="none" color="primary" loading={marking.isLoading} onClick={() => void markRead(undefined)} data-testid="messages-read-all">
            {t('push.readAll')}
          </Button>
        </div>
      )}
      <InfiniteList
        className="messages-list"
        source={messages}
        loadError={t('push.loadError')}
        itemKey={(message) => message.id}
        renderItem={(message) => <MessageItem message={message} onOpen={() => open(message)} />}
        empty={<PageEmpty className="messages-empty" title={t('inbox.emptyTitle')} description={t('inbox.emptyDescription')} />}
      />
    </div>
  );
}

function MessageItem({ message, onOpen }: { message: PushMessage; onOpen: () => void }) {
  const { t, i18n } = useTranslation('messages');
  return (
    <List className="messages-card" data-testid="push-message" data-read={message.read ? 'true' : 'false'}>
      <List.Item
        onClick={onOpen}
        arrowIcon={false}
        prefix={<Badge content={message.read ? null : Badge.dot} />}
        description={
          <>
            <span className="messages-card__time">{formatDateTime(message.createTime, i18n.language)}</span>
            <span className="messages-card__content">{message.content}</span>
          </>
        }
        extra={message.read ? undefined : <span className="messages-card__unread">{t('push.unread')}</span>}
      >
        <span className={message.read ? 'messages-card__title' : 'messages-card__title messages-card__title--unread'}>{message.title}</span>
      </List.Item>
    </List>
  );
}
