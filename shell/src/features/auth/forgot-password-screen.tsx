import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useResetPasswordMutation, useSendResetCodeMutation } from './auth-api';
import { CaptchaImage } from './captcha-image';
import { CardForm } from './card-form';
import { FieldInput } from './field-input';
import { NewPasswordFields } from './new-password-fields';
import { PhoneField } from './phone-field';
import { SendCodeButton } from './send-code-button';
import { useCodeSender } from './use-captcha';
import { ruleOf, sendCodeProblem, smsCodeProblem } from './auth-rules';

interface ResetValues {
  phone: string;
  country?: string;
  captchaCode: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

/** Forgot password: an SMS code to the registered phone, then a new password. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const [sendResetCode, sending] = useSendResetCodeMutation();
  const { captcha, failed, refresh, sendCode } = useCodeSender(form, sendResetCode);
  const [resetPassword, resetting] = useResetPasswordMutation();

  const submit = async (values: ResetValues) => {
    const phone = values.phone.trim();
    const country = values.country;
    try {
      await resetPassword({ phone, country, smsCode: values.smsCode.trim(), password: values.password, confirmPassword: values.confirmPassword }).unwrap();
    } catch {
      // The API client showed the server's message.
      return;
    }
    Toast.show({ content: t('forgot.success') });
    navigate('/user/login', { replace: true, state: { phone, country } });
  };

  return (
    <div className="auth-screen forgot-screen">
      <CardForm
        form={form}
        onFinish={submit}
        submit={{ text: t('forgot.submit'), busy: resetting.isLoading, testId: 'reset-submit' }}
        footnote={
          <p className="auth-links auth-links--center">
            {/* The legacy register path (SPEC.md section 2), the same form as /register. */}
            <Link to="/user/login/register" data-testid="forgot-register">
              {t('forgot.noAccount')}
            </Link>
          </p>
        }
      >
        <PhoneField testId="reset-phone" autoComplete="tel-national" />
        <Form.Item label={t('fields.captcha')} extra={<CaptchaImage captcha={captcha} failed={failed} onRefresh={refresh} />}>
          <Form.Item name="captchaCode" noStyle>
            <FieldInput testId="reset-captcha-code" name="captchaCode" autoComplete="off" maxLength={6} placeholder={t('fields.captchaPlaceholder')} />
          </Form.Item>
        </Form.Item>
        <Form.Item
          name="smsCode"
          label={t('fields.smsCode')}
          extra={<SendCodeButton check={() => sendCodeProblem(form.getFieldValue('phone')?.trim(), form.getFieldValue('country'), form.getFieldValue('captchaCode'))} send={sendCode} sending={sending.isLoading} />}
          rules={ruleOf(smsCodeProblem, t)}
        >
          <FieldInput testId="reset-sms-code" name="smsCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('fields.smsCodePlaceholder')} />
        </Form.Item>
        <NewPasswordFields form={form} testIdPrefix="reset-" />
      </CardForm>
    </div>
  );
}
