import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { isValidDisplayName } from '@rigshare/domain';
import { nameChanged, type RootState } from '@rigshare/session';
import { CardForm } from '../auth/card-form';
import { FieldInput } from '../auth/field-input';
import { ruleOf } from '../auth/auth-rules';
import { useRenameMutation } from './profile-api';

/** Change the display name (1 to 32 characters). */
export default function NameScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const current = useSelector((state: RootState) => state.session.name);
  const [rename, saving] = useRenameMutation();

  const submit = async ({ name }: { name: string }) => {
    const next = name.trim();
    try {
      await rename(next).unwrap();
    } catch {
      // The API client showed the server's message.
      return;
    }
    dispatch(nameChanged(next));
    Toast.show({ content: t('name.saved') });
    navigate(-1);
  };

  return (
    <CardForm
      initialValues={{ name: current }}
      onFinish={submit}
      submit={{ text: t('common:actions.save'), busy: saving.isLoading, testId: 'name-submit' }}
    >
      <Form.Item
        name="name"
        label={t('information.name')}
        description={t('name.help')}
        rules={ruleOf((v) => v && isValidDisplayName(v) ? null : 'validation.name', t)}
      >
        <FieldInput testId="name-input" name="name" maxLength={32} autoComplete="nickname" clearable placeholder={t('name.placeholder')} />
      </Form.Item>
    </CardForm>
  );
}
