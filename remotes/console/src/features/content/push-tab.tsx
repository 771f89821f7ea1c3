import { Checkbox, Dialog, Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { PushDraft } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { runAction } from '../layout/run-action';
import { usePushMutation } from './api';

type PushForm = Omit<PushDraft, 'to'> & { to?: string; everyone?: boolean };

/** A message to one member (phone or id:<member id>) or to every member, who read it in their messages. */
export function PushTab() {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<PushForm>();
  const [push, { isLoading }] = usePushMutation();
  const submit = async ({ to, everyone, title, content }: PushForm) => {
    // Everyone gets it at once and it cannot be called back: ask first.
    if (everyone && !(await Dialog.confirm({ content: t('content.pushAllConfirm'), confirmText: t('content.send'), cancelText: t('actions.cancel') }))) return;
    await runAction(
      () => push({ to: everyone ? 'all' : (to ?? '').trim(), title, content }).unwrap(),
      (r) => (form.resetFields(), t('content.pushed', { count: r.count })),
    );
  };
  return (
    <SubmitForm
      form={form}
      onFinish={submit}
      submit={{ text: t('content.send'), busy: isLoading, testId: 'push-send' }}
    >
      <Form.Item name="everyone" label={t('content.everyone')} childElementPosition="right" valuePropName="checked">
        <Checkbox />
      </Form.Item>
      <Form.Item noStyle dependencies={['everyone']}>
        {({ getFieldValue }) =>
          !getFieldValue('everyone') && (
            <Form.Item name="to" label={t('content.to')} help={t('content.toHelp')} rules={[{ required: true, message: t('form.required') }]}>
              <Input maxLength={30} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item name="title" label={t('content.title')} rules={[{ required: true, message: t('form.required') }]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="content" label={t('content.body')} rules={[{ required: true, message: t('form.required') }]}>
        <TextArea maxLength={2000} rows={3} />
      </Form.Item>
    </SubmitForm>
  );
}
