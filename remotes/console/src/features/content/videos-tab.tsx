import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminVideo, VideoDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { timeColumn } from '../layout/columns';
import { ConsoleList } from '../layout/console-list';
import { OneOf } from '../layout/one-of';
import { runAction } from '../layout/run-action';
import { useContentVideosQuery, usePublishVideoMutation } from './api';
import { publishedColumns } from './published';

type VideoForm = Omit<VideoDraft, 'placement' | 'sort'> & { placement: VideoDraft['placement'][]; sort?: string };

/** The home page's videos: publish one to the video carousel or as the home video (with its poster frame), see and take them down. */
export function VideosTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<VideoForm>();
  const [publish, { isLoading }] = usePublishVideoMutation();
  const submit = ({ placement, sort, ...rest }: VideoForm) =>
    runAction(
      () => publish({ ...rest, placement: placement[0], ...(sort ? { sort: Number(sort) } : {}) }).unwrap(),
      (r) => (form.resetFields(), t('content.publishedDone', { id: r.id })),
    );
  const columns: ColumnDef<AdminVideo, unknown>[] = [
    { accessorKey: 'id', header: t('columns.id') },
    { accessorKey: 'placement', header: t('content.videos.placement'), cell: ({ row }) => t(`content.videos.placements.${row.original.placement}`) },
    { accessorKey: 'title', header: t('content.title') },
    { accessorKey: 'videoUrl', header: t('content.videos.video') },
    { accessorKey: 'posterUrl', header: t('content.videos.poster') },
    { accessorKey: 'sort', header: t('content.sort') },
    timeColumn('createdAt', t('columns.time')),
    ...publishedColumns<AdminVideo>('videos'),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        initialValues={{ placement: ['carousel'] }}
        onFinish={submit}
        submit={{ text: t('content.publish'), busy: isLoading, testId: 'video-publish' }}
      >
        <Form.Item name="placement" label={t('content.videos.placement')} rules={[{ required: true }]}>
          <OneOf options={[{ label: t('content.videos.placements.carousel'), value: 'carousel' }, { label: t('content.videos.placements.home'), value: 'home' }]} />
        </Form.Item>
        <Form.Item name="title" label={t('content.title')} rules={[{ required: true, message: t('form.required') }]}>
          <Input maxLength={200} data-testid="video-title" />
        </Form.Item>
        <Form.Item name="video" label={t('content.videos.video')} help={t('content.videos.videoHelp')} rules={[{ required: true, message: t('form.required') }]}>
          <Input maxLength={500} placeholder="https://….mp4" data-testid="video-url" />
        </Form.Item>
        <Form.Item name="poster" label={t('content.videos.poster')} help={t('content.videos.posterHelp')} rules={[{ required: true, message: t('form.required') }]}>
          <Input maxLength={500} placeholder="https://….jpg" data-testid="video-poster" />
        </Form.Item>
        <Form.Item name="sort" label={t('content.sort')} rules={[{ pattern: /^([0-9]{1,3}|1000)?$/, message: t('content.videos.sortHelp') }]}>
          <Input inputMode="numeric" maxLength={4} />
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('content.tabs.videos')} name="videos" columns={columns} useList={useContentVideosQuery} empty={t('content.empty')} />
    </>
  );
}
