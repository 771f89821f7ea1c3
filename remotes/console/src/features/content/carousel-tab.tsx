import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminBanner, BannerDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { useContentCarouselQuery, usePublishBannerMutation } from './api';
import { publishedColumns } from './published';

type BannerForm = Omit<BannerDraft, 'sort'> & { sort?: string };

/** The home page's carousel: add a banner (an https image or one of this server's files), see and take banners down. */
export function CarouselTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<BannerForm>();
  const [publish, { isLoading }] = usePublishBannerMutation();
  const submit = ({ sort, subtitle, link, ...rest }: BannerForm) =>
    runAction(
      () => publish({ ...rest, ...(subtitle ? { subtitle } : {}), ...(link ? { link } : {}), ...(sort ? { sort: Number(sort) } : {}) }).unwrap(),
      (r) => (form.resetFields(), t('content.publishedDone', { id: r.id })),
    );
  const columns: ColumnDef<AdminBanner, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'title', header: t('content.title') },
    { accessorKey: 'imageUrl', header: t('content.image') },
    { accessorKey: 'link', header: t('content.link') },
    { accessorKey: 'sort', header: t('content.sort') },
    ...publishedColumns<AdminBanner>('carousel'),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        onFinish={submit}
        submit={{ text: t('content.publish'), busy: isLoading, testId: 'banner-publish' }}
      >
        <Form.Item name="title" label={t('content.title')} rules={[{ required: true, message: t('form.required') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="subtitle" label={t('content.subtitle')}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="image" label={t('content.image')} help={t('content.imageHelp')} rules={[{ required: true, message: t('form.required') }]}>
          <Input maxLength={500} placeholder="https://…" />
        </Form.Item>
        <Form.Item name="link" label={t('content.link')} help={t('content.linkHelp')}>
          <Input maxLength={500} placeholder="#/projects" />
        </Form.Item>
        <Form.Item name="sort" label={t('content.sort')} rules={[{ pattern: /^[0-9]{0,4}$/, message: t('content.sortHelp') }]}>
          <Input inputMode="numeric" maxLength={4} />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('content.tabs.carousel')} name="carousel" columns={columns} useList={useContentCarouselQuery} empty={t('content.empty')} />
    </>
  );
}
