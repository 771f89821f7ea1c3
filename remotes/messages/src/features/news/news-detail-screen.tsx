import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@rigshare/i18n';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import { useNewsItemQuery } from '../../api/endpoints';
import '../../messages.css';

/** A positive whole-number id from the query string, or null. */
export function parseNewsId(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** `/info/detail?id=`: one news item or notice, as staff wrote it (plain text, line breaks kept). */
export default function NewsDetailScreen() {
  const { t, i18n } = useTranslation('messages');
  const [params] = useSearchParams();
  const id = parseNewsId(params.get('id'));
  const item = useNewsItemQuery(id ?? 0, { skip: id === null });
  if (id === null || (item.isError && (item.error as { code?: number } | undefined)?.code === 404)) {
    return (
      <div className="messages-screen">
        <PageEmpty className="messages-empty" title={t('news.notFound')} />
      </div>
    );
  }
  if (item.isError) return <LoadFailed title={t('news.loadError')} message={(item.error as { message?: string }).message ?? ''} retry={() => void item.refetch()} />;
  if (!item.data) {
    return (
      <div className="messages-screen" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  return (
    <article className="messages-screen messages-article" data-testid="news-detail">
      <h1 className="messages-article__title">{item.data.title}</h1>
      <span className="messages-card__time">{formatDateTime(item.data.publishTime, i18n.language)}</span>
      <p className="messages-article__body">{item.data.content}</p>
    </article>
  );
}
