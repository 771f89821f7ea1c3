import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminPost, AdminSubmission } from '@rigshare/api-schema';
import { useFailPostMutation, useFailSubmissionMutation, usePassPostMutation, usePassSubmissionMutation, usePostsQuery, useSubmissionsQuery } from '../../api/endpoints';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { FileThumbs } from '../layout/file-thumbs';
import { PostText } from './post-text';
import { runAction } from '../layout/run-action';

/** Pass / fail buttons of one review; a fail asks for the reason its author will read. */
function Decide({ id, pass, fail, testId }: { id: number; pass: (id: number) => Promise<unknown>; fail: (id: number, reason: string) => Promise<unknown>; testId: string }) {
  const { t } = useTranslation('console');
  const onFail = async () => {
    const reason = await askText({ title: t('reviews.failTitle', { id }), label: t('reviews.reasonForAuthor'), confirm: t('actions.fail'), cancel: t('actions.cancel') });
    if (reason) await runAction(() => fail(id, reason), () => t('reviews.failed', { id }));
  };
  return (
    <div className="console-actions">
      <Button size="mini" color="primary" onClick={() => void runAction(() => pass(id), () => t('reviews.passed', { id }))} data-testid={`${testId}-pass`}>
        {t('actions.pass')}
      </Button>
      <Button size="mini" color="danger" fill="outline" onClick={() => void onFail()} data-testid={`${testId}-fail`}>
        {t('actions.fail')}
      </Button>
    </div>
  );
}

/** A member's link, shown only when it is http(s) (a `javascript:` URL never becomes a link). */
function SafeLink({ href }: { href: string }) {
  return /^https?:\/\//i.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </a>
  ) : (
    <span>{href}</span>
  );
}

function PostReviews() {
  const { t } = useTranslation('console');
  const [pass] = usePassPostMutation();
  const [fail] = useFailPostMutation();
  const columns: ColumnDef<AdminPost, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { accessorKey: 'name', header: t('columns.name') },
    // The words the member will read, as text: markup is never rendered here, nor shown as tags.
    { accessorKey: 'content', header: t('columns.content'), cell: ({ row }) => <PostText html={row.original.content} /> },
    {
      accessorKey: 'images',
      header: t('columns.images'),
      cell: ({ row }) => <FileThumbs urls={row.original.urls} label={t('columns.images')} testId="post-image" />,
    },
    timeColumn('createdAt', t('columns.time')),
    actionsColumn(t('columns.actions'), (row) => <Decide id={row.id} pass={(id) => pass(id).unwrap()} fail={(id, reason) => fail({ id, reason }).unwrap()} testId="post" />),
  ];
  return (
    <ConsoleList
      label={t('reviews.posts')}
      name="posts"
      columns={columns}
      useList={usePostsQuery}
      empty={t('reviews.noPosts')}
    />
  );
}

function SubmissionReviews() {
  const { t } = useTranslation('console');
  const [pass] = usePassSubmissionMutation();
  const [fail] = useFailSubmissionMutation();
  const columns: ColumnDef<AdminSubmission, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'kind', header: t('columns.kind'), cell: ({ row }) => t(`reviews.kinds.${row.original.kind}`) },
    { accessorKey: 'phone', header: t('columns.member') },
    {
      accessorKey: 'link',
      header: t('columns.link'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.kind === 'joingroup' ? (
          <FileThumbs urls={[row.original.link]} label={t('reviews.kinds.joingroup')} testId="submission-screenshot" />
        ) : (
          <SafeLink href={row.original.link} />
        ),
    },
    timeColumn('createdAt', t('columns.time')),
    actionsColumn(t('columns.actions'), (row) => <Decide id={row.id} pass={(id) => pass(id).unwrap()} fail={(id, reason) => fail({ id, reason }).unwrap()} testId="submission" />),
  ];
  return (
    <ConsoleList
      label={t('reviews.submissions')}
      name="submissions"
      columns={columns}
      useList={useSubmissionsQuery}
      empty={t('reviews.noSubmissions')}
    />
  );
}

/** `/console/reviews`: community posts, then join-group screenshots and video links, each passed or failed with a reason. */
export default function ReviewsScreen() {
  const { t } = useTranslation('console');
  return (
    <ConsolePage route="posts">
      <h2 className="console-section-title">{t('reviews.posts')}</h2>
      <PostReviews />
      <h2 className="console-section-title">{t('reviews.submissions')}</h2>
      <SubmissionReviews />
    </ConsolePage>
  );
}
