import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, NoticeBar, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Captcha } from '@rigshare/api-client';
import { getCaptcha, hasFundPassword, sendFundPasswordCode, updateFundPassword } from '../../api/wallet';
import { PinInput } from '../../shared/pin-input';
import { isSixDigitPin } from '../../shared/withdraw-math';
import '../../wallet.css';

const RESEND_SECONDS = 60;

/** The form's own checks, before the server (which judges again). Returns the message key or null. */
export function fundPasswordProblem(smsCode: string, pin: string, confirm: string): string | null {
  if (!smsCode.trim()) return 'fundPwd.enterSmsCode';
  if (!isSixDigitPin(pin)) return 'fundPwd.sixDigits';
  if (pin !== confirm) return 'fundPwd.inconsistent';
  return null;
}

function PinField({ value, onChange, testId, label }: { value: string; onChange(value: string): void; testId: string; label: string }) {
  return <PinInput data-testid={testId} label={label} value={value} onChange={(next) => onChange(next.replace(/[^0-9]/g, '').slice(0, 6))} />;
}

/** `/user/fundPwd`: set or change the 6-digit fund password with an SMS code. */
export default function FundPasswordScreen() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const [hasOne, setHasOne] = useState<boolean | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaCode, setCaptchaCode] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [countdown, setCountdown] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = useCallback(() => {
    setCaptchaCode('');
    getCaptcha().then(setCaptcha, () => setCaptcha(null));
  }, []);

  useEffect(() => {
    refreshCaptcha();
    hasFundPassword().then(setHasOne, () => setHasOne(null));
  }, [refreshCaptcha]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const sendCode = async () => {
    if (!captcha || !captchaCode.trim()) return setProblem(t('fundPwd.enterCaptcha'));
    setProblem(null);
    try {
      await sendFundPasswordCode(captcha.captchaId, captchaCode.trim());
      Toast.show({ content: t('fundPwd.codeSent') });
      setCountdown(RESEND_SECONDS);
    } catch {
      refreshCaptcha();
    }
  };

  const submit = async () => {
    const key = fundPasswordProblem(smsCode, pin, confirm);
    if (key) return setProblem(t(key));
    setProblem(null);
    setBusy(true);
    try {
      await updateFundPassword(smsCode.trim(), pin, confirm);
      // Say what happened; the server's reply is a generic "Success".
      Toast.show({ icon: 'success', content: t('fundPwd.saved') });
      navigate(-1);
    } catch {
      setPin('');
      setConfirm('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-screen">
      {hasOne !== null && <NoticeBar wrap color="info" content={t(hasOne ? 'fundPwd.isSet' : 'fundPwd.notSet')} />}
      <NoticeBar wrap color="alert" content={t('fundPwd.holdWarning')} />
      <Form layout="vertical" className="wallet-card">
        <Form.Item
          label={t('fundPwd.captcha')}
          extra={
            captcha ? (
              <img
                className="wallet-captcha"
                alt={t('fundPwd.captchaAlt')}
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
                onClick={refreshCaptcha}
              />
            ) : (
              <Button size="mini" onClick={refreshCaptcha}>
                {t('fundPwd.refreshCaptcha')}
              </Button>
            )
          }
        >
          <Input value={captchaCode} onChange={setCaptchaCode} placeholder={t('fundPwd.captchaPlaceholder')} maxLength={6} />
        </Form.Item>
        <Form.Item
          label={t('fundPwd.smsCode')}
          extra={
            <Button size="mini" color="primary" fill="outline" disabled={countdown > 0} onClick={() => void sendCode()}>
              {countdown > 0 ? t('fundPwd.resendIn', { seconds: countdown }) : t('fundPwd.sendCode')}
            </Button>
          }
        >
          <Input value={smsCode} onChange={setSmsCode} placeholder={t('fundPwd.smsPlaceholder')} maxLength={6} inputMode="numeric" />
        </Form.Item>
        <Form.Item label={t('fundPwd.newPassword')}>
          <PinField value={pin} onChange={setPin} testId="fund-password-new" label={t('fundPwd.newPassword')} />
        </Form.Item>
        <Form.Item label={t('fundPwd.confirmPassword')}>
          <PinField value={confirm} onChange={setConfirm} testId="fund-password-confirm" label={t('fundPwd.confirmPassword')} />
        </Form.Item>
      </Form>
      {problem && (
        <p className="wallet-error" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
        {t('fundPwd.submit')}
      </Button>
    </div>
  );
}
