import { Button, Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminNews, NewsDraft } from '@rigshare/api-schema';
import { runAction } from '../layout/run-action';
import { usePaging } from '../layout/use-paging';
import { When } from '../layout/when';
import { DataTable } from '../table/data-table';
import { useContentNewsQuery, usePublishNewsMutation } from './api';
import { publishedColumns } from './published';
import { OneOf } from '../layout/one-of';

/** The form's values: antd-mobile's Selector holds a list, of one kind here. */
type NewsForm = Omit<NewsDraft, 'kind'> & { kind: NewsDraft['kind'][] };

/** News (the members' News list) and station notices (/user/news): publish one, see and unpublish the latest. */
export function NewsTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<NewsForm>();
  const paging = usePaging('news');
  const list = useContentNewsQuery(paging.query);
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
    { accessorKey: 'publishedAt', header: t('columns.time'), cell: ({ row }) => <When at={row.original.publishedAt} /> },
    ...publishedColumns<AdminNews>('news'),
  ];
  return (
    <>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: ['news'] }}
        onFinish={(values: NewsForm) => void submit({ ...values, kind: values.kind[0] })}
        footer={
          <Button block type="submit" color="primary" loading={isLoading} data-testid="news-publish">
            {t('content.publish')}
          </Button>
        }
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
      </Form>
      <DataTable label={t('content.tabs.news')} testId="news" columns={columns} source={list} paging={paging} empty={t('content.empty')} />
    </>
  );
}
