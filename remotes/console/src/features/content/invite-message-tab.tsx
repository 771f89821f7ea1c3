import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { INVITE_MESSAGE_MAX, type AdminInviteMessage } from '@rigshare/api-schema';
import { DEFAULT_LOCALE, LOCALES } from '@rigshare/domain';
import { SubmitForm } from '@rigshare/ui';
import { runAction } from '../layout/run-action';
import { When } from '../layout/when';
import { useInviteMessageQuery, useSetInviteMessageMutation } from './api';

type Texts = { texts: Record<string, string> };

/** The form over what is set now: one text per language, English first and required. */
function InviteMessageForm({ current }: { current: AdminInviteMessage }) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<Texts>();
  const [save, { isLoading }] = useSetInviteMessageMutation();
  const submit = ({ texts }: Texts) => runAction(() => save({ texts }).unwrap(), () => t('content.inviteSaved'));
  return (
    <SubmitForm
      form={form}
      initialValues={{ texts: current.texts }}
      onFinish={submit}
      submit={{ text: t('content.inviteSave'), busy: isLoading, testId: 'invite-message-save' }}
    >
      <Form.Header>
        {t('content.inviteHelp')}{' '}
        {current.updatedBy && current.updatedAt ? (
          <>
            {t('catalogue.setBy', { login: current.updatedBy })} <When at={current.updatedAt} />
          </>
        ) : (
          t('content.inviteAppText')
        )}
      </Form.Header>
      {LOCALES.map(({ tag, name }) => (
        <Form.Item
          key={tag}
          name={['texts', tag]}
          label={`${name} (${tag})`}
          rules={tag === DEFAULT_LOCALE ? [{ required: true, whitespace: true, message: t('form.required') }] : []}
        >
          <TextArea maxLength={INVITE_MESSAGE_MAX} rows={2} autoSize showCount data-testid={`invite-message-${tag}`} />
        </Form.Item>
      ))}
    </SubmitForm>
  );
}

/** The invite message members share from the team's invite card and the share dialog, per language, with {link} and {code}. */
export function InviteMessageTab() {
  const { t } = useTranslation('console');
  const current = useInviteMessageQuery();
  if (!current.data) return <p className="console-note">{current.isError ? t('catalogue.loadFailed') : '…'}</p>;
  return <InviteMessageForm key={current.data.updatedAt ?? 'app'} current={current.data} />;
}
