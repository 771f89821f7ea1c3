import { Button, Form, Input, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { isVideoSiteUrl } from '@rigshare/domain';
import { LoadFailed } from '@rigshare/ui';
import { errorMessage, useShareLinkStatusQuery, useSubmitShareLinkMutation } from '../../api/endpoints';
import { SubmissionStatus } from './submission-status';
import '../../team.css';

/** `/index/shareLink`: a link to a video that shares the app, on a configured video site; staff review it; one reward ever. */
export default function ShareLinkScreen() {
  const { t } = useTranslation('team');
  const { data, isError, error, refetch } = useShareLinkStatusQuery();
  const [submit, { isLoading }] = useSubmitShareLinkMutation();
  const [form] = Form.useForm<{ url: string }>();
  if (!data) {
    if (isError) return <LoadFailed title={t('submission.loadError')} message={errorMessage(error)} retry={() => void refetch()} />;
    return (
      <div className="team-screen" aria-busy="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
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
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) => void send(values)}
          footer={
            <Button block type="submit" color="primary" loading={isLoading} data-testid="share-link-submit">
              {t('shareLink.submit')}
            </Button>
          }
        >
          <Form.Item
            name="url"
            label={t('shareLink.label')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!isVideoSiteUrl(value ?? '', data.videoSites)) throw new Error(t('shareLink.invalid', { sites }));
                },
              },
            ]}
          >
            <Input placeholder="https://" inputMode="url" data-testid="share-link-url" />
          </Form.Item>
        </Form>
      )}
    </div>
  );
}
