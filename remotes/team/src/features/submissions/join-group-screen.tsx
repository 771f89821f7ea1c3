import { Button, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';
import { NotSetUp } from '@rigshare/ui';
import { errorMessage, useJoinGroupStatusQuery, useUploadScreenshotMutation } from '../../api/endpoints';
import { SubmissionLoading, SubmissionStatus } from './submission-status';
import '../../team.css';

/** `/index/joinGroup`: the group link, then a screenshot of having joined; staff review it; one reward per member, ever. */
export default function JoinGroupScreen() {
  const { t } = useTranslation('team');
  const { data, isError, error, refetch } = useJoinGroupStatusQuery();
  const [upload, { isLoading }] = useUploadScreenshotMutation();
  const [problem, setProblem] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const send = async (file: File) => {
    setProblem('');
    if (file.size > IMAGE_UPLOAD_LIMIT_BYTES) {
      setProblem(t('joinGroup.tooLarge', { mb: IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024 }));
      return;
    }
    const result = await upload(file);
    if ('error' in result && result.error) setProblem(errorMessage(result.error));
    else Toast.show({ icon: 'success', content: t('submission.sent') });
  };
  if (!data) return <SubmissionLoading isError={isError} error={error} refetch={refetch} />;
  const canSend = !data.submission || data.submission.status === 'Failed';
  return (
    <div className="team-screen">
      <SubmissionStatus state={data} />
      <section className="team-summary">
        <h2 className="team-section-title">{t('joinGroup.step1')}</h2>
        {data.groupUrl ? (
          <a href={data.groupUrl} target="_blank" rel="noreferrer" className="team-group-link" data-testid="group-link">
            {data.groupUrl}
          </a>
        ) : (
          <NotSetUp text={t('joinGroup.notSetUp')} testId="group-not-set-up" />
        )}
        <h2 className="team-section-title">{t('joinGroup.step2')}</h2>
        {canSend ? (
          <>
            {/* The browser's own file field speaks the browser's language ("Choose File"), not the member's: hidden behind a button. */}
            <input
              ref={picker}
              type="file"
              hidden
              accept="image/png,image/jpeg,image/webp"
              data-testid="screenshot-input"
              disabled={isLoading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
            <Button color="primary" fill="outline" loading={isLoading} onClick={() => picker.current?.click()} data-testid="screenshot-choose">
              {t('joinGroup.choose')}
            </Button>
          </>
        ) : (
          data.submission?.link && <img className="team-screenshot" src={data.submission.link} alt={t('joinGroup.screenshot')} />
        )}
        {problem && (
          <p className="team-error" role="alert" data-testid="submission-error">
            {problem}
          </p>
        )}
        <p className="team-source">{t('joinGroup.hint', { mb: IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024 })}</p>
      </section>
    </div>
  );
}
