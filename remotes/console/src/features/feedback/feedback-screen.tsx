import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminFeedback } from '@rigshare/api-schema';
import { useFeedbackQuery, useReplyFeedbackMutation } from '../../api/endpoints';
import { askText } from '../layout/ask-text';
import { actionsColumn, timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { ConsolePage } from '../layout/console-page';
import { FileThumbs } from '../layout/file-thumbs';
import { runAction } from '../layout/run-action';
import { allPages } from '../table/all-pages';

/** `/console/feedback`: feedback without a reply; the reply reaches the member's feedback list and messages. */
export default function FeedbackScreen() {
  const { t } = useTranslation('console');
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
      cell: ({ row }) => (row.original.attachment ? <FileThumbs urls={[row.original.attachment]} label={t('columns.attachment')} testId="feedback-attachment" /> : null),
    },
    timeColumn('createdAt', t('columns.time')),
    actionsColumn(t('columns.actions'), (row) => (
      <Button size="mini" color="primary" onClick={() => void onReply(row)} data-testid="feedback-reply">
        {t('feedback.reply')}
      </Button>
    )),
  ];
  return (
    <ConsolePage route="feedback">
      <ConsoleList
        label={t('nav.feedback')}
        name="feedback"
        columns={columns}
        useList={useFeedbackQuery}
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
