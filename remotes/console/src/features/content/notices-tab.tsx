import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminNotice, NoticeDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { useContentNoticesQuery, usePublishNoticeMutation } from './api';
import { publishedColumns } from './published';
import { timeColumn } from '../layout/columns';
import { OneOf } from '../layout/one-of';

const NOTICE_KINDS: NoticeDraft['kind'][] = ['scroll', 'popup', 'wallet'];

type NoticeForm = Omit<NoticeDraft, 'kind'> & { kind: NoticeDraft['kind'][] };

/** The notices: the home page's scrolling line (text only) or pop-up (title and text, shown to each member once), or the wallet page's (text, title optional). */
export function NoticesTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<NoticeForm>();
  const [publish, { isLoading }] = usePublishNoticeMutation();
  const submit = ({ kind, title, content }: NoticeForm) =>
    runAction(
      () => publish({ kind: kind[0], content, ...(kind[0] !== 'scroll' && title ? { title } : {}) }).unwrap(),
      (r) => (form.resetFields(), t('content.publishedDone', { id: r.id })),
    );
  const columns: ColumnDef<AdminNotice, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'kind', header: t('columns.kind'), cell: ({ row }) => t(`content.noticeKinds.${row.original.kind}`) },
    { id: 'text', accessorFn: (r) => r.title || r.content, header: t('content.body') },
    timeColumn('createdAt', t('columns.time')),
    ...publishedColumns<AdminNotice>('notices'),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        initialValues={{ kind: ['scroll'] }}
        onFinish={submit}
        submit={{ text: t('content.publish'), busy: isLoading, testId: 'notice-publish' }}
      >
        <Form.Item name="kind" label={t('columns.kind')} rules={[{ required: true }]}>
          <OneOf options={NOTICE_KINDS.map((kind) => ({ label: t(`content.noticeKinds.${kind}`), value: kind }))} />
        </Form.Item>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) => {
            // A pop-up needs a title, a wallet notice may have one, a scrolling line has none.
            const kind = (getFieldValue('kind') as NoticeDraft['kind'][] | undefined)?.[0];
            return (
              kind !== 'scroll' && (
                <Form.Item name="title" label={t('content.title')} rules={[{ required: kind === 'popup', message: t('form.required') }]}>
                  <Input maxLength={200} data-testid="notice-title" />
                </Form.Item>
              )
            );
          }}
        </Form.Item>
        <Form.Item name="content" label={t('content.body')} rules={[{ required: true, message: t('form.required') }]}>
          <TextArea maxLength={2000} rows={3} data-testid="notice-content" />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('content.tabs.notices')} name="notices" columns={columns} useList={useContentNoticesQuery} empty={t('content.empty')} />
    </>
  );
}
