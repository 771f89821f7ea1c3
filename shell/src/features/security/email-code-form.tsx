import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showRefusalOnForm } from '@rigshare/ui';
import { CardForm } from '../auth/card-form';
import { FieldInput } from '../auth/field-input';
import { ruleOf } from '../auth/auth-rules';
import { SendCodeButton } from '../auth/send-code-button';
import { useBindEmailMutation, useSendEmailCodeMutation } from './email-api';
import { EMAIL_CODE_LENGTH, emailCodeProblem } from './email-rules';

/** The code step: the code emailed to `email` binds it; another code can be sent once a minute. */
export function EmailCodeForm({ email }: { email: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [form] = Form.useForm<{ code: string }>();
  const [sendCode, sending] = useSendEmailCodeMutation();
  const [bindEmail, binding] = useBindEmailMutation();

  const submit = async ({ code }: { code: string }) => {
    try {
      await bindEmail({ email, code: code.trim() }).unwrap();
    } catch (error) {
      // A wrong code under the code; the address taken meanwhile as a toast.
      showRefusalOnForm(form, error, ['code']);
      return;
    }
    Toast.show({ icon: 'success', content: t('email.bound') });
    navigate('/user/securitycenter', { replace: true });
  };

  /** Another code; a refusal ("Please wait N seconds") as a toast, and the button stays ready. */
  const resend = () =>
    sendCode(email)
      .unwrap()
      .catch((error: unknown) => {
        showRefusalOnForm(form, error, []);
        throw error;
      });

  return (
    <div className="email-screen">
      <p className="email-intro">{t('email.codeIntro')}</p>
      <p className="email-intro email-address" data-testid="verify-email-address">
        {email}
      </p>
      <CardForm
        form={form}
        onFinish={submit}
        submit={{ text: t('common:actions.submit'), busy: binding.isLoading, testId: 'verify-email-submit' }}
      >
        <Form.Item
          name="code"
          className="email-code-item"
          label={t('email.code')}
          extra={<SendCodeButton sentJustNow check={() => null} send={resend} sending={sending.isLoading} />}
          rules={ruleOf(emailCodeProblem, t)}
        >
          <FieldInput testId="verify-email-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={EMAIL_CODE_LENGTH} placeholder={t('email.codePlaceholder')} />
        </Form.Item>
      </CardForm>
    </div>
  );
}
