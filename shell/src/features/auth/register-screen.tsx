import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isAlphanumeric } from '@rigshare/domain';
import { useRegisterMutation, useSendRegisterCodeMutation } from './auth-api';
import { CaptchaImage } from './captcha-image';
import { CardForm } from './card-form';
import { FieldInput } from './field-input';
import { NewPasswordFields } from './new-password-fields';
import { PhoneField } from './phone-field';
import { SendCodeButton } from './send-code-button';
import { useCodeSender } from './use-captcha';
import { ruleOf, sendCodeProblem, smsCodeProblem } from './auth-rules';

interface RegisterValues {
  phone: string;
  country?: string;
  password: string;
  confirmPassword: string;
  inviteCode: string;
  captchaCode: string;
  smsCode: string;
}

/** Register (also under /user/login/register and, with ?code=, the invite link /login/registerbym). */
export default function RegisterScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkCode = (params.get('code') ?? '').trim();
  const [form] = Form.useForm<RegisterValues>();
  const [sendRegisterCode, sending] = useSendRegisterCodeMutation();
  const { captcha, failed, refresh, sendCode } = useCodeSender(form, sendRegisterCode);
  const [register, registering] = useRegisterMutation();

  const submit = async (values: RegisterValues) => {
    const phone = values.phone.trim();
    const country = values.country;
    try {
      await register({
        phone,
        country,
        password: values.password,
        confirmPassword: values.confirmPassword,
        inviteCode: values.inviteCode.trim(),
        smsCode: values.smsCode.trim(),
      }).unwrap();
    } catch {
      // The API client showed the server's message.
      return;
    }
    Toast.show({ content: t('register.success') });
    navigate('/user/login', { replace: true, state: { phone, country } });
  };

  return (
    <div className="auth-screen register-screen">
      <CardForm
        form={form}
        initialValues={{ inviteCode: linkCode }}
        onFinish={submit}
        submit={{ text: t('register.submit'), busy: registering.isLoading, testId: 'submit' }}
        footnote={
          <p className="auth-links auth-links--center">
            <Link to="/user/login">{t('register.haveAccount')}</Link>
          </p>
        }
      >
        <PhoneField testId="phone" autoComplete="tel-national" />
        <NewPasswordFields form={form} labelKey="fields.password" />
        <Form.Item
          name="inviteCode"
          label={t('fields.inviteCode')}
          rules={ruleOf((v) => v && isAlphanumeric(v.trim()) ? null : 'validation.inviteCode', t)}
        >
          <FieldInput testId="invite-code" name="inviteCode" readOnly={linkCode !== ''} autoComplete="off" placeholder={t('fields.inviteCodePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('fields.captcha')} extra={<CaptchaImage captcha={captcha} failed={failed} onRefresh={refresh} />}>
          <Form.Item name="captchaCode" noStyle>
            <FieldInput testId="captcha-code" name="captchaCode" autoComplete="off" maxLength={6} placeholder={t('fields.captchaPlaceholder')} />
          </Form.Item>
        </Form.Item>
        <Form.Item
          name="smsCode"
          label={t('fields.smsCode')}
          extra={
            <SendCodeButton
              check={() => sendCodeProblem(form.getFieldValue('phone')?.trim(), form.getFieldValue('country'), form.getFieldValue('captchaCode'))}
              send={sendCode}
              sending={sending.isLoading}
            />
          }
          rules={ruleOf(smsCodeProblem, t)}
        >
          <FieldInput testId="sms-code" name="smsCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t('fields.smsCodePlaceholder')} />
        </Form.Item>
      </CardForm>
    </div>
  );
}
