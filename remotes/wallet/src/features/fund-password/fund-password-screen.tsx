import { useEffect, useState } from 'react';
import { Button, Form, Input, NoticeBar, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isValidFundPassword } from '@rigshare/domain';
import { FRESH, useCaptchaQuery, useHasFundPasswordQuery, useSendFundPasswordCodeMutation, useUpdateFundPasswordMutation } from '../../api/endpoints';
import { SubmitForm, showRefusalOnForm } from '@rigshare/ui';
import { rule } from '../../shared/form-rules';
import { PinInput } from '../../shared/pin-input';
import '../../wallet.css';

const RESEND_SECONDS = 60;

interface FundPasswordValues {
  captchaCode?: string;
  smsCode?: string;
  payPassword?: string;
  confirmPayPassword?: string;
}

/** Fields named as the server names them, so a refusal (`data.field`) lands under its field. */
const FIELDS = ['captchaCode', 'smsCode', 'payPassword', 'confirmPayPassword'] as const;

const digits = (value: string) => value.replace(/[^0-9]/g, '').slice(0, 6);

/** `/user/fundPwd`: set or change the 6-digit fund password with an SMS code. */
export default function FundPasswordScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [form] = Form.useForm<FundPasswordValues>();
  const hasOne = useHasFundPasswordQuery(undefined, FRESH);
  const captcha = useCaptchaQuery();
  const [sendCode] = useSendFundPasswordCodeMutation();
  const [updateFundPassword, saving] = useUpdateFundPasswordMutation();
  const [countdown, setCountdown] = useState(0);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', '');
    void captcha.refetch();
  };

  const send = async () => {
    const captchaCode = (form.getFieldValue('captchaCode') as string | undefined)?.trim();
    if (!captcha.data || !captchaCode) {
      form.setFields([{ name: 'captchaCode', errors: [t('fundPwd.enterCaptcha')] }]);
      return;
    }
    try {
      await sendCode({ captchaId: captcha.data.captchaId, captchaCode }).unwrap();
      Toast.show({ content: t('fundPwd.codeSent') });
      setCountdown(RESEND_SECONDS);
    } catch (error) {
      // An image code answers once: a new one for the next try.
      showRefusalOnForm(form, error, FIELDS);
      refreshCaptcha();
    }
  };

  const submit = async ({ smsCode = '', payPassword = '', confirmPayPassword = '' }: FundPasswordValues) => {
    try {
      await updateFundPassword({ smsCode: smsCode.trim(), payPassword, confirmPayPassword }).unwrap();
      // Say what happened; the server's reply is a generic "Success".
      Toast.show({ icon: 'success', content: t('fundPwd.saved') });
      navigate(-1);
    } catch (error) {
      form.setFieldsValue({ payPassword: '', confirmPayPassword: '' });
      showRefusalOnForm(form, error, FIELDS);
    }
  };

  return (
    <div className="wallet-screen">
      {hasOne.data !== undefined && <NoticeBar wrap color="info" content={t(hasOne.data ? 'fundPwd.isSet' : 'fundPwd.notSet')} />}
      <NoticeBar wrap color="alert" content={t('fundPwd.holdWarning')} />
      <SubmitForm
        form={form}
        className="wallet-card"
        onFinish={submit}
        submit={{ text: t('fundPwd.submit'), busy: saving.isLoading, size: 'large' }}
      >
        <Form.Item
          name="captchaCode"
          label={t('fundPwd.captcha')}
          extra={
            captcha.data ? (
              <img
                className="wallet-captcha"
                alt={t('fundPwd.captchaAlt')}
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.svg)}`}
                onClick={refreshCaptcha}
              />
            ) : (
              <Button size="mini" onClick={refreshCaptcha}>
                {t('fundPwd.refreshCaptcha')}
              </Button>
            )
          }
        >
          <Input placeholder={t('fundPwd.captchaPlaceholder')} maxLength={6} aria-label={t('fundPwd.captcha')} />
        </Form.Item>
        <Form.Item
          name="smsCode"
          label={t('fundPwd.smsCode')}
          rules={[rule((value?: string) => (value?.trim() ? null : t('fundPwd.enterSmsCode')))]}
          extra={
            <Button size="mini" color="primary" fill="outline" disabled={countdown > 0} onClick={() => void send()}>
              {countdown > 0 ? t('fundPwd.resendIn', { seconds: countdown }) : t('fundPwd.sendCode')}
            </Button>
          }
        >
          <Input placeholder={t('fundPwd.smsPlaceholder')} maxLength={6} inputMode="numeric" aria-label={t('fundPwd.smsCode')} />
        </Form.Item>
        <Form.Item
          name="payPassword"
          label={t('fundPwd.newPassword')}
          normalize={digits}
          rules={[rule((value?: string) => (isValidFundPassword(value ?? '') ? null : t('fundPwd.sixDigits')))]}
        >
          <PinInput data-testid="fund-password-new" label={t('fundPwd.newPassword')} />
        </Form.Item>
        <Form.Item
          name="confirmPayPassword"
          label={t('fundPwd.confirmPassword')}
          normalize={digits}
          dependencies={['payPassword']}
          rules={[rule((value?: string) => (value === form.getFieldValue('payPassword') ? null : t('fundPwd.inconsistent')))]}
        >
          <PinInput data-testid="fund-password-confirm" label={t('fundPwd.confirmPassword')} />
        </Form.Item>
      </SubmitForm>
    </div>
  );
}
