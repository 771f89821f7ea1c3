import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PostForMemberDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { useMeQuery } from '../../api/endpoints';
import { runAction } from '../layout/run-action';
import { usePostForMemberMutation } from './api';

/**
 * A post on a member's behalf. Who writes it and the role on its "posted by staff" mark are this staff
 * session's, shown here and never typed; the server writes the audit row.
 */
export function PostForMemberTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<PostForMemberDraft>();
  const me = useMeQuery().data;
  const [postFor, { isLoading }] = usePostForMemberMutation();
  const submit = async ({ to, content, videoUrl }: PostForMemberDraft) => {
    await runAction(
      () => postFor({ to: to.trim(), content, ...(videoUrl?.trim() ? { videoUrl: videoUrl.trim() } : {}) }).unwrap(),
      (r) => (form.resetFields(), t('content.publishedDone', { id: r.id })),
    );
  };
  return (
    <SubmitForm
      form={form}
      onFinish={submit}
      submit={{ text: t('content.publish'), busy: isLoading, testId: 'post-for-member-send', disabled: !me }}
    >
      {me && (
        <p className="console-note" data-testid="post-for-member-mark">
          {t('content.forMemberMark', { role: t(`roles.${me.role}`), login: me.login })}
        </p>
      )}
      <Form.Item name="to" label={t('content.forMemberTo')} help={t('content.toHelp')} rules={[{ required: true, message: t('form.required') }]}>
        <Input maxLength={30} data-testid="post-for-member-to" />
      </Form.Item>
      <Form.Item name="content" label={t('content.body')} rules={[{ required: true, message: t('form.required') }]}>
        <TextArea maxLength={5000} rows={4} data-testid="post-for-member-content" />
      </Form.Item>
      <Form.Item name="videoUrl" label={t('content.video')} help={t('content.videoHelp')}>
        <Input maxLength={500} />
      </Form.Item>
    </SubmitForm>
  );
}
