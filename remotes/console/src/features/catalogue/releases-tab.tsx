import { Checkbox, Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { AdminAppRelease } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { ConsoleList } from '../layout/console-list';
import { runAction } from '../layout/run-action';
import { useAppReleasesQuery, usePublishReleaseMutation } from './api';
import { timeColumn } from '../layout/columns';
import { OneOf } from '../layout/one-of';

interface ReleaseFields {
  platform: ('ANDROID' | 'IOS')[];
  version: string;
  code: string;
  downUrl: string;
  notes?: string;
  compulsory?: boolean;
}

/** Releases of the installable app: members on an older version code are offered the newest (and must take a compulsory one). */
export function ReleasesTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<ReleaseFields>();
  const [publish, { isLoading }] = usePublishReleaseMutation();
  const submit = (f: ReleaseFields) =>
    runAction(
      () => publish({ platform: f.platform[0], version: f.version.trim(), code: Number(f.code), downUrl: f.downUrl.trim(), notes: f.notes?.trim() ?? '', compulsory: f.compulsory === true }).unwrap(),
      (r) => (form.resetFields(), t('catalogue.released', { version: r.version })),
    );
  const columns: ColumnDef<AdminAppRelease, unknown>[] = [
    { accessorKey: 'platform', header: t('catalogue.platform') },
    { id: 'version', accessorFn: (r) => r.code, header: t('catalogue.version'), cell: ({ row }) => `${row.original.version} (${row.original.code})` },
    { id: 'compulsory', accessorFn: (r) => (r.compulsory ? 1 : 0), header: t('catalogue.compulsory'), cell: ({ row }) => (row.original.compulsory ? t('catalogue.yes') : t('catalogue.no')) },
    { accessorKey: 'downUrl', header: t('catalogue.downUrl'), cell: ({ row }) => <span className="console-break">{row.original.downUrl}</span> },
    timeColumn('createdAt', t('columns.time')),
  ];
  return (
    <>
      <SubmitForm
        form={form}
        initialValues={{ platform: ['ANDROID'] }}
        onFinish={submit}
        submit={{ text: t('catalogue.publish'), busy: isLoading }}
      >
        <Form.Item name="platform" label={t('catalogue.platform')} rules={[{ required: true }]}>
          <OneOf options={[{ label: 'Android', value: 'ANDROID' }, { label: 'iOS', value: 'IOS' }]} />
        </Form.Item>
        <Form.Item name="version" label={t('catalogue.version')} rules={[{ required: true, pattern: /^\s*\d{1,4}(\.\d{1,4}){0,3}\s*$/, message: t('catalogue.versionHelp') }]}>
          <Input maxLength={20} placeholder="1.4.2" />
        </Form.Item>
        <Form.Item name="code" label={t('catalogue.code')} help={t('catalogue.codeHelp')} rules={[{ required: true, pattern: /^\s*\d{1,9}\s*$/, message: t('products.wholeHelp') }]}>
          <Input inputMode="numeric" maxLength={9} />
        </Form.Item>
        <Form.Item name="downUrl" label={t('catalogue.downUrl')} rules={[{ required: true, pattern: /^\s*https:\/\/\S+\s*$/, message: t('catalogue.httpsHelp') }]}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="notes" label={t('catalogue.notes')}>
          <TextArea maxLength={2000} rows={3} />
        </Form.Item>
        <Form.Item name="compulsory" valuePropName="checked">
          <Checkbox>{t('catalogue.compulsoryHelp')}</Checkbox>
        </Form.Item>
      </SubmitForm>
      <ConsoleList label={t('catalogue.tabs.releases')} name="releases" columns={columns} useList={useAppReleasesQuery} empty={t('catalogue.noReleases')} />
    </>
  );
}
