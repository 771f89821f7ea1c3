import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { POST_STATUS } from '@rigshare/domain';
import { InfiniteList, PageEmpty } from '@rigshare/ui';
import { useMyPostsInfiniteQuery, type SquarePost } from '../../api/endpoints';
import { PostCard } from '../shared/post-card';
import '../../community.css';

const STATUS_COLOR = { [POST_STATUS.pending]: 'default', [POST_STATUS.passed]: 'success', [POST_STATUS.failed]: 'danger' } as const;

function ReviewState({ post }: { post: SquarePost }) {
  const { t } = useTranslation('community');
  return (
    <footer className="community-review" data-testid="review-state">
      <Tag color={STATUS_COLOR[post.status]}>{t(`record.status.${post.status}`)}</Tag>
      {post.status === POST_STATUS.failed && post.failReason ? <span className="community-reason">{t('record.reason', { reason: post.failReason })}</span> : null}
      {post.status === POST_STATUS.passed ? (
        <span className="community-muted">{t('record.counts', { likes: post.thumbsUpNum, comments: post.commentNum })}</span>
      ) : null}
    </footer>
  );
}

/** `/user/dyrecord`: every post I wrote, newest first, with its review state and the reviewer's reason. */
export default function MyPostsScreen() {
  const { t } = useTranslation('community');
  const posts = useMyPostsInfiniteQuery();
  return (
    <div className="community-screen">
      <InfiniteList
        source={posts}
        className="community-list"
        itemKey={(post) => post.id}
        renderItem={(post) => <PostCard post={post} footer={<ReviewState post={post} />} />}
        loadError={t('record.loadError')}
        empty={<PageEmpty className="community-empty" title={t('record.empty')} />}
      />
    </div>
  );
}
