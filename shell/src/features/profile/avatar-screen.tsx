import { useEffect, useRef, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { IMAGE_UPLOAD_LIMIT_BYTES } from '@rigshare/domain';
import { avatarChanged, selectSession } from '@rigshare/session';
import { MemberAvatar } from '@rigshare/ui';
import { AVATAR_TYPES, avatarProblem } from './avatar-check';
import { useChangeAvatarMutation } from './profile-api';

/** Change the profile picture: choose, preview, upload (2 MiB, JPEG/PNG/GIF/WebP). */
export default function AvatarScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string>('');
  const [changeAvatar, saving] = useChangeAvatarMutation();

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = avatarProblem(chosen);
    if (problem) {
      Toast.show({ content: t(problem, { limit: IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024 }) });
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    if (!file) return;
    try {
      const { headUrl } = await changeAvatar(file).unwrap();
      dispatch(avatarChanged(headUrl));
    } catch {
      // The API client showed the server's message.
      return;
    }
    Toast.show({ content: t('avatar.saved') });
    navigate(-1);
  };

  return (
    <div className="avatar-screen">
      <div className="avatar-screen__preview">
        {preview ? (
          <img src={preview} alt={t('avatar.preview')} className="avatar-screen__image" data-testid="avatar-preview" />
        ) : (
          <MemberAvatar src={session.avatar} name={session.name || session.phone} size={144} />
        )}
      </div>
      <p className="avatar-screen__hint">{t('avatar.hint', { limit: IMAGE_UPLOAD_LIMIT_BYTES / 1024 / 1024 })}</p>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        data-testid="avatar-file"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <div className="screen-actions">
        <Button block size="large" onClick={() => input.current?.click()} data-testid="avatar-choose">
          <PictureOutline /> {t('avatar.choose')}
        </Button>
        <Button block color="primary" size="large" disabled={!file} loading={saving.isLoading} onClick={() => void upload()} data-testid="avatar-submit">
          {t('avatar.upload')}
        </Button>
      </div>
    </div>
  );
}
