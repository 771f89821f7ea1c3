import { Form, Input, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isVideoSiteUrl } from '@rigshare/domain';
import { checkRule, SubmitForm } from '@rigshare/ui';
import { errorMessage, useShareLinkStatusQuery, useSubmitShareLinkMutation } from '../../api/endpoints';
import { SubmissionLoading, SubmissionStatus } from './submission-status';
import '../../team.css';

/** `/index/shareLink`: a link to a video that shares the app, on a configured video site; staff review it; one reward ever. */
export default function ShareLinkScreen() {
  const { t } = useTranslation('team');
  const { data, isError, error, refetch } = useShareLinkStatusQuery();
  const [submit, { isLoading }] = useSubmitShareLinkMutation();
  const [form] = Form.useForm<{ url: string }>();
  if (!data) return <SubmissionLoading isError={isError} error={error} refetch={refetch} />;
  const sites = data.videoSites.join(', ');
  const canSend = !data.submission || data.submission.status === 'Failed';
  const send = async ({ url }: { url: string }) => {
    const result = await submit(url.trim());
    if ('error' in result && result.error) {
      form.setFields([{ name: 'url', errors: [errorMessage(result.error)] }]);
      return;
    }
    Toast.show({ icon: 'success', content: t('submission.sent') });
    form.resetFields();
  };
  return (
    <div className="team-screen">
      <SubmissionStatus state={data} />
      {data.submission?.link && !canSend && (
        <p className="team-source team-link-text" data-testid="submitted-link">
          {data.submission.link}
        </p>
      )}
      {canSend && <p className="team-source">{t('shareLink.sites', { sites })}</p>}
      {canSend && (
        <SubmitForm
          form={form}
          onFinish={send}
          submit={{ text: t('shareLink.submit'), busy: isLoading, testId: 'share-link-submit' }}
        >
          <Form.Item
            name="url"
            label={t('shareLink.label')}
            rules={checkRule((value) => (isVideoSiteUrl(value ?? '', data.videoSites) ? null : t('shareLink.invalid', { sites })))}
          >
            <Input placeholder="https://" inputMode="url" data-testid="share-link-url" />
          </Form.Item>
        </SubmitForm>
      )}
    </div>
  );
}
