import { useState } from 'react';
import { Button, PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useFeedInfiniteQuery, useLikeMutation, type SquarePost } from '../../api/endpoints';
import { PostCard } from '../shared/post-card';
import { Comments } from './comments';
import '../../community.css';

function FeedCard({ post }: { post: SquarePost }) {
  const [like, { isLoading }] = useLikeMutation();
  const [open, setOpen] = useState(false);
  return (
    <PostCard post={post} onLike={() => void like(post.id)} liking={isLoading} onToggleComments={() => setOpen((o) => !o)} commentsOpen={open}>
      {open ? <Comments squareId={post.id} /> : null}
    </PostCard>
  );
}

/** `/dynamic`: the square, Passed posts newest first; pull down to refresh, the next page loads near the end. */
export default function SquareScreen() {
  const { t } = useTranslation('community');
  const feed = useFeedInfiniteQuery();
  return (
    <div className="community-screen">
      <div className="community-toolbar">
        <Link to="/user/dyrecord" className="community-link">
          {t('record.title')}
        </Link>
        <Link to="/user/addynamic">
          <Button size="small" color="primary" data-testid="write-post">
            {t('square.write')}
          </Button>
        </Link>
      </div>
      <PullToRefresh onRefresh={async () => void (await feed.refetch())}>
        <InfiniteList
          source={feed}
          className="community-list"
          itemKey={(post) => post.id}
          renderItem={(post) => <FeedCard post={post} />}
          loadError={t('square.loadError')}
          empty={<PageEmpty className="community-empty" title={t('square.emptyTitle')} description={t('square.emptyDescription')} />}
        />
      </PullToRefresh>
    </div>
  );
}
