import { useState } from 'react';
import { Form, ImageUploader, Input, TextArea, Toast, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { IMAGE_UPLOAD_LIMIT_BYTES, POST_CONTENT_MAX, POST_MAX_IMAGES, postContentProblem, videoUrlProblem } from '@rigshare/domain';
import { checkRule, SubmitForm } from '@rigshare/ui';
import { useAddPostMutation } from '../../api/endpoints';
import { textToRichText } from '../shared/rich-text';
import '../../community.css';

interface Values {
  content: string;
  videoUrl: string;
}

/** `/user/addynamic`: write a post with up to 9 pictures; it waits for staff review, then shows in the square. */
export default function AddPostScreen() {
  const { t } = useTranslation('community');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [files] = useState(() => new Map<string, File>());
  const [addPost, { isLoading }] = useAddPostMutation();

  const submit = async (values: Values) => {
    const result = await addPost({
      content: textToRichText(values.content ?? ''),
      videoUrl: (values.videoUrl ?? '').trim(),
      images: images.map((item) => files.get(item.url)).filter((f): f is File => Boolean(f)),
    });
    if ('error' in result && result.error) {
      const message = (result.error as { message?: string }).message ?? '';
      // The server's refusal shows on the field it is about; image refusals as a toast.
      const field = /video/i.test(message) ? 'videoUrl' : (result.error as { code?: number }).code === 400 ? 'content' : null;
      if (field) form.setFields([{ name: field, errors: [message] }]);
      else Toast.show({ content: message });
      return;
    }
    if ('data' in result && result.data) {
      Toast.show({ icon: 'success', content: result.data.message });
      navigate('/user/dyrecord');
    }
  };

  return (
    <div className="community-screen community-form">
      <p className="community-muted">{t('add.reviewNote')}</p>
      <SubmitForm
        form={form}
        onFinish={submit}
        submit={{ text: t('add.submit'), busy: isLoading, testId: 'post-submit' }}
      >
        <Form.Item
          name="content"
          label={t('add.content')}
          rules={checkRule((value) => {
            const problem = postContentProblem(textToRichText(value ?? ''));
            return problem && t(problem === 'postContentRequired' ? 'add.contentRequired' : 'add.contentTooLong', { max: POST_CONTENT_MAX });
          })}
        >
          <TextArea placeholder={t('add.contentPlaceholder')} autoSize={{ minRows: 4, maxRows: 10 }} showCount maxLength={POST_CONTENT_MAX / 2} data-testid="post-content" />
        </Form.Item>
        <Form.Item label={t('add.images', { max: POST_MAX_IMAGES })}>
          <ImageUploader
            value={images}
            onChange={setImages}
            maxCount={POST_MAX_IMAGES}
            multiple
            accept="image/png,image/jpeg,image/webp,image/gif"
            beforeUpload={(file) => {
              if (file.size > IMAGE_UPLOAD_LIMIT_BYTES) {
                Toast.show({ content: t('add.imageTooLarge', { mb: IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024 }) });
                return null;
              }
              return file;
            }}
            upload={async (file) => {
              // The pictures go with the post itself; here they are only previewed.
              const url = URL.createObjectURL(file);
              files.set(url, file);
              return { url };
            }}
          />
        </Form.Item>
        <Form.Item
          name="videoUrl"
          label={t('add.videoUrl')}
          rules={checkRule((value) => (videoUrlProblem((value ?? '').trim()) ? t('add.videoInvalid') : null))}
        >
          <Input placeholder="https://" inputMode="url" data-testid="post-video" />
        </Form.Item>
      </SubmitForm>
    </div>
  );
}
