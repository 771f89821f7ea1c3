import { useState } from 'react';
import { Form, ImageUploader, Input, List, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '@rigshare/api-schema';
import type { ServerError } from '@rigshare/api-client';
import { FEEDBACK_ATTACHMENT_LIMIT_BYTES, FEEDBACK_MAX_LENGTH, feedbackTextProblem } from '@rigshare/domain';
import { formatDateTime } from '@rigshare/i18n';
import { checkRule, InfiniteList, PageEmpty, SubmitForm } from '@rigshare/ui';
import { useFeedbackPageInfiniteQuery, useSendFeedbackMutation } from '../../api/endpoints';
import '../../messages.css';

interface FeedbackFields {
  content: string;
  phone?: string;
}

/**
 * `/user/feedback`: send feedback (more than ten words, optional phone, optional image up to 20 MB)
 * and read earlier feedback with staff's replies.
 */
export default function FeedbackScreen() {
  const { t } = useTranslation('messages');
  const [form] = Form.useForm<FeedbackFields>();
  const [files, setFiles] = useState<ImageUploadItem[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [send, sending] = useSendFeedbackMutation();
  const history = useFeedbackPageInfiniteQuery();

  const submit = async (values: FeedbackFields) => {
    setFileError(null);
    const file = (files[0]?.extra as File | undefined) ?? null;
    const result = await send({ content: values.content, phone: values.phone ?? '', file });
    if ('error' in result) {
      const refusal = result.error as ServerError;
      // The server's refusal, on the field it is about.
      if (refusal.code === 413 || refusal.code === 415) setFileError(refusal.message);
      else form.setFields([{ name: 'content', errors: [refusal.message] }]);
      return;
    }
    form.resetFields();
    setFiles([]);
    Toast.show({ content: t('feedback.sent'), icon: 'success' });
  };

  return (
    <div className="messages-screen">
      <SubmitForm
        form={form}
        className="messages-card"
        onFinish={submit}
        submit={{ text: t('feedback.submit'), busy: sending.isLoading, testId: 'feedback-submit' }}
      >
        <Form.Item
          name="content"
          label={t('feedback.content')}
          rules={checkRule((value) => {
            const problem = feedbackTextProblem(value ?? '');
            return problem && t(`feedback.${problem}`);
          })}
        >
          <TextArea data-testid="feedback-content" placeholder={t('feedback.contentPlaceholder')} rows={5} maxLength={FEEDBACK_MAX_LENGTH} showCount />
        </Form.Item>
        <Form.Item name="phone" label={t('feedback.phone')}>
          <Input data-testid="feedback-phone" type="tel" placeholder={t('feedback.phonePlaceholder')} clearable />
        </Form.Item>
        <Form.Item
          label={t('feedback.image')}
          description={
            <span className={fileError ? 'messages-field-note messages-field-note--error' : 'messages-field-note'} role={fileError ? 'alert' : undefined} data-testid="feedback-image-note">
              {fileError ?? t('feedback.imageHelp')}
            </span>
          }
        >
          <ImageUploader
            data-testid="feedback-image"
            value={files}
            onChange={setFiles}
            maxCount={1}
            accept="image/png,image/jpeg,image/webp,image/gif"
            beforeUpload={(file) => {
              if (file.size > FEEDBACK_ATTACHMENT_LIMIT_BYTES) {
                setFileError(t('feedback.imageTooLarge'));
                return null;
              }
              setFileError(null);
              return file;
            }}
            // Kept in the page until the form is sent; the server checks it is an image.
            upload={async (file) => ({ url: URL.createObjectURL(file), extra: file })}
          />
        </Form.Item>
      </SubmitForm>

      <h2 className="messages-section-title">{t('feedback.history')}</h2>
      <InfiniteList
        className="messages-list"
        source={history}
        loadError={t('feedback.loadError')}
        itemKey={(item) => item.id}
        renderItem={(item) => <FeedbackItem item={item} />}
        empty={<PageEmpty className="messages-empty" title={t('feedback.emptyTitle')} />}
      />
    </div>
  );
}

function FeedbackItem({ item }: { item: Feedback }) {
  const { t, i18n } = useTranslation('messages');
  return (
    <List className="messages-card" data-testid="feedback-item">
      <List.Item
        description={
          <>
            <span className="messages-card__time">
              {formatDateTime(item.createTime, i18n.language)}
              {item.attachment ? ` · ${t('feedback.withImage')}` : ''}
            </span>
            {item.reply ? (
              <span className="messages-reply" data-testid="feedback-reply">
                <strong>{t('feedback.reply')}</strong> {item.reply}
              </span>
            ) : (
              <span className="messages-card__time">{t('feedback.waiting')}</span>
            )}
          </>
        }
      >
        <span className="messages-card__content">{item.content}</span>
      </List.Item>
    </List>
  );
}
