import { useState } from 'react';
import { Button, Image, ImageViewer, Tag } from 'antd-mobile';
import { HeartFill, HeartOutline, MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@rigshare/i18n';
import { MemberAvatar } from '@rigshare/ui';
import type { SquarePost } from '../../api/endpoints';
import { RichText } from './rich-text';

export interface PostCardProps {
  post: SquarePost;
  /** Feed cards show like and comment actions; my posts show the review state instead. */
  footer?: React.ReactNode;
  onLike?: () => void;
  liking?: boolean;
  onToggleComments?: () => void;
  commentsOpen?: boolean;
  children?: React.ReactNode;
}

/** One post: avatar, name, time, the staff mark when staff wrote it, sanitised content, up to 9 thumbnails, video link, counts. */
export function PostCard({ post, footer, onLike, liking, onToggleComments, commentsOpen, children }: PostCardProps) {
  const { t, i18n } = useTranslation('community');
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <article className="community-card" data-testid="post-card" data-post-id={post.id}>
      <header className="community-card-head">
        <MemberAvatar src={post.headUrl} name={post.username} size={40} />
        <div className="community-card-who">
          <strong>{post.username}</strong>
          <time dateTime={post.createTime}>{formatDateTime(post.createTime, i18n.language)}</time>
        </div>
      </header>
      {post.postedByStaff ? (
        <Tag color="warning" fill="outline" className="community-staff-mark" data-testid="staff-mark">
          {t('square.postedByStaff', { role: t(`square.roles.${post.postedByStaff.role}`) })}
        </Tag>
      ) : null}
      <RichText html={post.content} className="community-content" />
      {post.urls.length > 0 ? (
        <div className={`community-images community-images-${Math.min(post.urls.length, 3)}`}>
          {post.urls.map((url, index) => (
            <button key={url} type="button" className="community-thumb" onClick={() => setViewing(index)} aria-label={t('square.imageAlt', { n: index + 1, count: post.urls.length })}>
              <Image src={url} fit="cover" lazy alt="" />
            </button>
          ))}
          <ImageViewer.Multi
            images={post.urls}
            visible={viewing !== null}
            defaultIndex={viewing ?? 0}
            onClose={() => setViewing(null)}
            renderFooter={() => (
              <div className="community-viewer-footer">
                <Button size="small" shape="rounded" onClick={() => setViewing(null)} data-testid="viewer-close">
                  {t('square.closeViewer')}
                </Button>
              </div>
            )}
          />
        </div>
      ) : null}
      {post.videoUrl ? (
        <a className="community-video" href={post.videoUrl} target="_blank" rel="noopener noreferrer nofollow ugc">
          {t('square.video')}
        </a>
      ) : null}
      {footer ?? (
        <footer className="community-card-actions">
          <Button
            size="small"
            fill="none"
            onClick={onLike}
            disabled={post.hasThumbsUp || liking}
            aria-pressed={post.hasThumbsUp}
            aria-label={post.hasThumbsUp ? t('square.liked') : t('square.like')}
            data-testid="like"
          >
            {post.hasThumbsUp ? <HeartFill color="#e5484d" /> : <HeartOutline />} <span data-testid="like-count">{post.thumbsUpNum}</span>
          </Button>
          <Button size="small" fill="none" onClick={onToggleComments} aria-expanded={commentsOpen} aria-label={t('comments.title')} data-testid="comments-toggle">
            <MessageOutline /> <span data-testid="comment-count">{post.commentNum}</span>
          </Button>
        </footer>
      )}
      {children}
    </article>
  );
}
