import { useState } from 'react';
import { Button, DotLoading, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { commentContentProblem, COMMENT_CONTENT_MAX } from '@rigshare/domain';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage, useCommentMutation, useCommentsInfiniteQuery, type SquareComment } from '../../api/endpoints';

/**
 * A post's comments, 5 at a time ("more" loads the next 5), oldest first. Tapping a comment makes
 * the next one a reply to it ("to <name>"); sending clears the reply target.
 */
export function Comments({ squareId }: { squareId: number }) {
  const { t } = useTranslation('community');
  const comments = useCommentsInfiniteQuery(squareId);
  const [send, { isLoading: sending }] = useCommentMutation();
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<SquareComment | null>(null);

  const submit = async () => {
    const problem = commentContentProblem(text);
    if (problem) {
      Toast.show({ content: t(problem === 'commentContentRequired' ? 'comments.required' : 'comments.tooLong', { max: COMMENT_CONTENT_MAX }) });
      return;
    }
    const result = await send({ squareId, commentId: replyTo?.id, content: text.trim() });
    if ('data' in result && result.data) {
      Toast.show({ icon: 'success', content: result.data.message });
      setText('');
      setReplyTo(null);
    }
  };

  const list = comments.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section className="community-comments" data-testid="comments">
      {!comments.data ? (
        comments.isError ? (
          <LoadFailed title={t('comments.loadError')} message={errorMessage(comments.error)} retry={() => void comments.refetch()} />
        ) : (
          <DotLoading />
        )
      ) : list.length === 0 ? (
        <p className="community-muted">{t('comments.empty')}</p>
      ) : (
        <ul className="community-comment-list">
          {list.map((c) => (
            <li key={c.id} data-testid="comment">
              <button type="button" className="community-comment" onClick={() => setReplyTo(c)} aria-label={t('comments.replyTo', { name: c.username })}>
                <strong>{c.username}</strong>
                {c.toUserName ? <span className="community-muted"> {t('comments.to', { name: c.toUserName })}</span> : null}
                <span>: {c.content}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage ? (
        <Button size="mini" fill="none" color="primary" loading={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()} data-testid="comments-more">
          {t('comments.more')}
        </Button>
      ) : null}
      {replyTo ? (
        <div className="community-reply-target" data-testid="reply-target">
          {t('comments.replyTo', { name: replyTo.username })}
          <Button size="mini" fill="none" onClick={() => setReplyTo(null)}>
            {t('comments.cancelReply')}
          </Button>
        </div>
      ) : null}
      <div className="community-comment-form">
        <Input
          value={text}
          onChange={setText}
          maxLength={COMMENT_CONTENT_MAX}
          placeholder={replyTo ? t('comments.replyTo', { name: replyTo.username }) : t('comments.placeholder')}
          aria-label={t('comments.placeholder')}
          onEnterPress={() => void submit()}
          data-testid="comment-input"
        />
        <Button size="small" color="primary" loading={sending} onClick={() => void submit()} data-testid="comment-send">
          {t('comments.send')}
        </Button>
      </div>
    </section>
  );
}
