import { useCallback, useEffect, useRef, useState, type Key, type ReactNode } from 'react';
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Page } from '@rigshare/domain';
import { PageEmpty } from './page-empty';

export interface PullToLoadListProps<T> {
  /** Loads one page, numbered from 1; resolves with the total count and that page's items. */
  load: (pageNum: number) => Promise<Page<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => Key;
  /** Shown instead of the list when the first page is empty. */
  empty?: ReactNode;
  /** Change it to start again from page 1 (e.g. after a filter changes). */
  resetKey?: Key;
  /**
   * Change it to reload page 1 in place, keeping what is shown and loaded below it (live statuses,
   * new items at the top) without the list blinking.
   */
  refreshKey?: Key;
  className?: string;
}

/**
 * A list that loads the next page as the member nears its end (SPEC.md: pull-to-load triggers
 * near the scroll end), says "No more data" after the last page, and offers a retry when a page
 * fails to load.
 */
export function PullToLoadList<T>(props: PullToLoadListProps<T>) {
  return <PagedList<T> key={props.resetKey ?? 'list'} {...props} />;
}

function PagedList<T>({ load, renderItem, itemKey, empty, className, refreshKey }: PullToLoadListProps<T>) {
  const { t } = useTranslation();
  const [items, setItems] = useState<T[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const nextPage = useRef(1);
  const count = useRef(0);
  const loadRef = useRef(load);
  const mounted = useRef(true);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const itemKeyRef = useRef(itemKey);
  useEffect(() => {
    itemKeyRef.current = itemKey;
  }, [itemKey]);
  const firstRefresh = useRef(refreshKey);
  useEffect(() => {
    if (refreshKey === firstRefresh.current || nextPage.current === 1) return;
    firstRefresh.current = refreshKey;
    loadRef.current(1).then(
      (page) => {
        if (!mounted.current) return;
        const keyOf = itemKeyRef.current;
        setItems((previous) => {
          const fresh = new Set(page.list.map((item, i) => keyOf(item, i)));
          const merged = [...page.list, ...previous.filter((item, i) => !fresh.has(keyOf(item, i)))];
          count.current = merged.length;
          return merged;
        });
      },
      // A failed background refresh leaves what is shown; the next one tries again.
      () => undefined,
    );
  }, [refreshKey]);

  const loadMore = useCallback(async () => {
    const page = await loadRef.current(nextPage.current);
    if (!mounted.current) return;
    nextPage.current += 1;
    count.current += page.list.length;
    // Items a refresh already put at the top are not added twice.
    const keyOf = itemKeyRef.current;
    setItems((previous) => {
      const shown = new Set(previous.map((item, i) => keyOf(item, i)));
      return [...previous, ...page.list.filter((item, i) => !shown.has(keyOf(item, i)))];
    });
    setHasMore(page.list.length > 0 && count.current < page.total);
  }, []);

  const isEmpty = !hasMore && items.length === 0;
  return (
    <div className={['rs-pull-list', className].filter(Boolean).join(' ')}>
      {isEmpty ? (
        (empty ?? <PageEmpty />)
      ) : (
        <div className="rs-pull-list__items">{items.map((item, index) => <div key={itemKey(item, index)}>{renderItem(item, index)}</div>)}</div>
      )}
      <InfiniteScroll loadMore={loadMore} hasMore={hasMore} threshold={120}>
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
