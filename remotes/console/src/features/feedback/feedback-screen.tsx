import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminFeedback } from '@rigshare/api-schema';
import { useFeedbackQuery, useReplyFeedbackMutation } from '../../api/endpoints';
import { askText } from '../layout/ask-text';
import { ConsolePage } from '../layout/console-page';
import { runAction } from '../layout/run-action';
import { PAGE_SIZE, usePageNum } from '../layout/use-page-num';
import { When } from '../layout/when';
import { allPages } from '../table/all-pages';
import { DataTable } from '../table/data-table';

/** `/console/feedback`: feedback without a reply; the reply reaches the member's feedback list and messages. */
export default function FeedbackScreen() {
  const { t } = useTranslation('console');
  const [pageNum, setPageNum] = usePageNum('feedback');
  const list = useFeedbackQuery({ pageNum, pageSize: PAGE_SIZE });
  const [reply] = useReplyFeedbackMutation();
  const onReply = async (f: AdminFeedback) => {
    const text = await askText({ title: t('feedback.replyTitle', { id: f.id }), label: t('feedback.reply'), confirm: t('actions.send'), cancel: t('actions.cancel') });
    if (text) await runAction(() => reply({ id: f.id, text }).unwrap(), () => t('feedback.replied', { id: f.id }));
  };
  const columns: ColumnDef<AdminFeedback, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'phone', header: t('columns.member') },
    { accessorKey: 'content', header: t('columns.content') },
    {
      accessorKey: 'attachment',
      header: t('columns.attachment'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.attachment ? (
          <a href={row.original.attachment} target="_blank" rel="noopener noreferrer">
            {t('feedback.open')}
          </a>
        ) : null,
    },
    { accessorKey: 'createdAt', header: t('columns.time'), cell: ({ row }) => <When at={row.original.createdAt} /> },
    {
      id: 'actions',
      header: t('columns.actions'),
      enableSorting: false,
      cell: ({ row }) => (
        <Button size="mini" color="primary" onClick={() => void onReply(row.original)} data-testid="feedback-reply">
          {t('feedback.reply')}
        </Button>
      ),
    },
  ];
  return (
    <ConsolePage route="feedback">
      <DataTable
        label={t('nav.feedback')}
        testId="feedback"
        columns={columns}
        page={list.data}
        isError={list.isError}
        errorMessage={(list.error as { message?: string } | undefined)?.message}
        retry={() => void list.refetch()}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        empty={t('feedback.empty')}
        csv={{
          fileName: 'feedback.csv',
          rows: () => allPages<AdminFeedback>('/feedback'),
          columns: [
            { header: 'id', value: (f) => f.id },
            { header: 'phone', value: (f) => f.phone },
            { header: 'content', value: (f) => f.content },
            { header: 'created_at', value: (f) => f.createdAt },
          ],
        }}
      />
    </ConsolePage>
  );
}
