import { List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadFailed, PageEmpty } from '@rigshare/ui';
import { usePopupNoticesQuery, useScrollNoticesQuery } from '../../api/endpoints';
import '../../messages.css';

/**
 * `/index/alert`: the announcements the home page shows briefly (the pop-up notices, each shown there
 * once per member, and the scrolling notices), in full, from the same published content.
 */
export default function AlertScreen() {
  const { t } = useTranslation('messages');
  const popups = usePopupNoticesQuery();
  const scroll = useScrollNoticesQuery();
  if (popups.isError || scroll.isError) {
    return <LoadFailed title={t('alert.loadError')} retry={() => void Promise.all([popups.refetch(), scroll.refetch()])} />;
  }
  if (popups.data === undefined || scroll.data === undefined) {
    return (
      <div className="messages-screen" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  if (popups.data.length === 0 && scroll.data.length === 0) {
    return (
      <div className="messages-screen">
        <PageEmpty className="messages-empty" title={t('alert.emptyTitle')} />
      </div>
    );
  }
  return (
    <div className="messages-screen">
      {popups.data.map((popup) => (
        <article key={popup.id} className="messages-card messages-article" data-testid="alert-popup">
          <h1 className="messages-article__title">{popup.title}</h1>
          <p className="messages-article__body">{popup.content}</p>
        </article>
      ))}
      {scroll.data.length > 0 && (
        <List header={t('alert.scrollTitle')} className="messages-card" data-testid="alert-scroll">
          {scroll.data.map((text, index) => (
            <List.Item key={index}>
              <span className="messages-card__content">{text}</span>
            </List.Item>
          ))}
        </List>
      )}
    </div>
  );
}
