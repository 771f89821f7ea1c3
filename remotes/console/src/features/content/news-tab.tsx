import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminNews, NewsDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { useContentNewsQuery, usePublishNewsMutation } from './api';
import { publishedColumns } from './published';
import { timeColumn } from '../layout/columns';
import { OneOf } from '../layout/one-of';

/** The form's values: antd-mobile's Selector holds a list, of one kind here. */
type NewsForm = Omit<NewsDraft, 'kind'> & { kind: NewsDraft['kind'][] };

/** News (the members' News list) and station notices (/user/news): publish one, see and unpublish the latest. */
export function NewsTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<NewsForm>();
  const [publish, { isLoading }] = usePublishNewsMutation();
  const submit = (draft: NewsDraft) =>
    runAction(
      () => publish(draft).unwrap(),
      (r) => (form.resetFields(), t('content.publishedDone', { id: r.id })),
    );
  const columns: ColumnDef<AdminNews, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'kind', header: t('columns.kind'), cell: ({ row }) => t(`content.newsKinds.${row.original.kind}`) },
    { accessorKey: 'title', header: t('content.title') },
    timeColumn('publishedAt', t('columns.time')),
    ...publishedColumns<AdminNews>('news'),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        initialValues={{ kind: ['news'] }}
        onFinish={(values: NewsForm) => submit({ ...values, kind: values.kind[0] })}
        submit={{ text: t('content.publish'), busy: isLoading, testId: 'news-publish' }}
      >
        <Form.Item name="kind" label={t('columns.kind')} rules={[{ required: true }]}>
          <OneOf options={[{ label: t('content.newsKinds.news'), value: 'news' }, { label: t('content.newsKinds.notice'), value: 'notice' }]} />
        </Form.Item>
        <Form.Item name="title" label={t('content.title')} rules={[{ required: true, message: t('form.required') }]}>
          <Input maxLength={200} data-testid="news-title" />
        </Form.Item>
        <Form.Item name="content" label={t('content.body')} rules={[{ required: true, message: t('form.required') }]}>
          <TextArea maxLength={8000} rows={4} data-testid="news-content" />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('content.tabs.news')} name="news" columns={columns} useList={useContentNewsQuery} empty={t('content.empty')} />
    </>
  );
}
