import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NewsKind } from '@rigshare/api-schema';
import { formatDateTime } from '@rigshare/i18n';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useNewsPageInfiniteQuery } from '../../api/endpoints';
import '../../messages.css';

/** Published news or notices, newest first, one page at a time; a tap opens `/info/detail?id=`. */
export function NewsList({ kind }: { kind: NewsKind }) {
  const { t, i18n } = useTranslation('messages');
  const navigate = useNavigate();
  const news = useNewsPageInfiniteQuery(kind);
  return (
    <div className="messages-screen">
      <InfiniteList
        className="messages-list"
        source={news}
        loadError={t('news.loadError')}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <List className="messages-card" data-testid="news-item">
            <List.Item
              onClick={() => navigate(`/info/detail?id=${item.id}`)}
              description={<span className="messages-card__time">{formatDateTime(item.publishTime, i18n.language)}</span>}
            >
              <span className="messages-card__title">{item.title}</span>
            </List.Item>
          </List>
        )}
        empty={<PageEmpty className="messages-empty" title={t(kind === 'news' ? 'news.emptyTitle' : 'notices.emptyTitle')} description={t('news.emptyDescription')} />}
      />
    </div>
  );
}
