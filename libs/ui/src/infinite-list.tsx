import type { Key, ReactNode } from 'react';
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Page } from '@rigshare/domain';
import { LoadFailed } from './load-failed';
import { PageEmpty } from './page-empty';

/**
 * What a paged list shows, as an RTK Query infinite query hook returns it
 * (`useXInfiniteQuery(...)`): the pages loaded so far and how to load the next one.
 */
export interface InfiniteListSource<T> {
  /** Only the pages' lists are read: a keyset-paged list (`nextCursor`, no total) fits as well. */
  data?: { pages: readonly Pick<Page<T>, 'list'>[] };
  isError: boolean;
  error?: unknown;
  hasNextPage: boolean;
  fetchNextPage(): { unwrap(): Promise<unknown> };
  refetch(): unknown;
}

export interface InfiniteListProps<T> {
  source: InfiniteListSource<T>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => Key;
  /** Shown when the list has no items at all. */
  empty?: ReactNode;
  /** Title of the retry block when the first page fails. */
  loadError: string;
  className?: string;
}

function messageOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : '';
}

/**
 * A server list drawn under antd-mobile's InfiniteScroll: the next page loads as the member nears
 * the end (SPEC.md: pull-to-load near the scroll end), "No more data" after the last page, a retry
 * when a page fails. Which pages are loaded, and reloading them when a change makes them stale,
 * is the cache's job (RTK Query `infiniteQuery`), not the list's.
 */
export function InfiniteList<T>({ source, renderItem, itemKey, empty, loadError, className }: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const { data } = source;
  if (!data) {
    if (source.isError) return <LoadFailed title={loadError} message={messageOf(source.error)} retry={() => void source.refetch()} />;
    return (
      <div className={['rs-pull-list', className].filter(Boolean).join(' ')} aria-busy="true">
        <span className="rs-pull-list__loading">
          {t('common:states.loading')}
          <DotLoading />
        </span>
      </div>
    );
  }
  // A page can repeat an item the one before it had when something new arrived in between.
  const seen = new Set<Key>();
  const items = data.pages.flatMap((page) => page.list).filter((item) => {
    const key = itemKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const isEmpty = items.length === 0 && !source.hasNextPage;
  return (
    <div className={['rs-pull-list', className].filter(Boolean).join(' ')}>
      {isEmpty ? (
        (empty ?? <PageEmpty />)
      ) : (
        <div className="rs-pull-list__items">
          {items.map((item, index) => (
            <div key={itemKey(item)}>{renderItem(item, index)}</div>
          ))}
        </div>
      )}
      <InfiniteScroll loadMore={async () => void (await source.fetchNextPage().unwrap())} hasMore={source.hasNextPage} threshold={120}>
        {(more, failed, retry) =>
          failed ? (
            <span className="rs-pull-list__failed" role="alert">
              {t('common:errors.refresh')}{' '}
              <Button size="mini" color="primary" fill="none" onClick={retry}>
                {t('common:actions.retry')}
              </Button>
            </span>
          ) : more ? (
            <span className="rs-pull-list__loading">
              {t('common:states.loading')}
              <DotLoading />
            </span>
          ) : isEmpty ? null : (
            <span className="rs-pull-list__end">{t('common:states.noMoreData')}</span>
          )
        }
      </InfiniteScroll>
    </div>
  );
}
