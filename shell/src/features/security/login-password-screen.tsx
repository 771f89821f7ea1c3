import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useChangeLoginPasswordMutation } from '../auth/auth-api';
import { CardForm } from '../auth/card-form';
import { FieldInput } from '../auth/field-input';
import { NewPasswordFields } from '../auth/new-password-fields';
import { ruleOf } from '../auth/auth-rules';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Change the login password; the server ends the member's other sessions. */
export default function LoginPasswordScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordValues>();
  const [changePassword, saving] = useChangeLoginPasswordMutation();

  const submit = async (values: PasswordValues) => {
    try {
      await changePassword(values).unwrap();
    } catch {
      // The API client showed the server's message ("Please enter the correct old password").
      return;
    }
    Toast.show({ content: t('loginPassword.saved') });
    navigate(-1);
  };

  return (
    <CardForm
      form={form}
      onFinish={submit}
      submit={{ text: t('common:actions.submit'), busy: saving.isLoading, testId: 'password-submit' }}
    >
      <Form.Item name="oldPassword" label={t('fields.oldPassword')} rules={ruleOf((v) => v ? null : 'validation.passwordRequired', t)}>
        <FieldInput testId="old-password" name="oldPassword" type="password" autoComplete="current-password" placeholder={t('fields.oldPasswordPlaceholder')} />
      </Form.Item>
      <NewPasswordFields form={form} testIdPrefix="new-" />
    </CardForm>
  );
}
