import { useState } from 'react';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import { staffRequest, type StaffError } from '@rigshare/api-client';
import type { StaffEnrolment, StaffSession } from '@rigshare/api-schema';
import { staffLoggedIn } from '@rigshare/session';
import { FieldInput } from '../auth/field-input';
import './staff-login.css';

interface StaffLoginValues {
  login: string;
  password: string;
  code: string;
}

const SIX_DIGITS = /^\d{6}$/;

/**
 * `/console/login`: staff log in with their password and the code of their authenticator app. A first
 * login shows the QR code to enrol the app first. Only after this does the shell fetch the console.
 */
export default function StaffLoginScreen() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<StaffLoginValues>();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const from = ((useLocation().state ?? {}) as { from?: string }).from;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [enrolment, setEnrolment] = useState<StaffEnrolment | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem('');
    try {
      await work();
    } catch (error) {
      setProblem((error as StaffError).message);
    } finally {
      setBusy(false);
    }
  };

  const login = ({ login, password, code }: StaffLoginValues) =>
    run(async () => {
      const session = await staffRequest<StaffSession>({ path: '/session', method: 'POST', body: { login: login.trim(), password, code: code.trim() } });
      dispatch(staffLoggedIn({ token: session.token, login: session.staff.login, role: session.staff.role }));
      navigate(from && from.startsWith('/console') && from !== '/console/login' ? from : '/console', { replace: true });
    });

  const enrol = () =>
    run(async () => {
      const { login, password } = await form.validateFields(['login', 'password']);
      setEnrolment(await staffRequest<StaffEnrolment>({ path: '/enrolment', method: 'POST', body: { login: login.trim(), password } }));
    });

  return (
    <div className="staff-login">
      <h1 className="staff-login__title">{t('staffLogin.heading')}</h1>
      <p className="staff-login__note">{t('staffLogin.note')}</p>
      <Form
        form={form}
        layout="vertical"
        mode="card"
        onFinish={login}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy} data-testid="staff-login-submit">
            {t('staffLogin.submit')}
          </Button>
        }
      >
        <Form.Item name="login" label={t('staffLogin.login')} rules={[{ required: true, whitespace: true, message: t('staffLogin.loginRequired') }]}>
          <FieldInput testId="staff-login" name="login" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('staffLogin.password')} rules={[{ required: true, message: t('staffLogin.passwordRequired') }]}>
          <FieldInput testId="staff-password" name="password" type="password" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('staffLogin.code')}
          rules={[{ validator: async (_, value?: string) => { if (!SIX_DIGITS.test(value?.trim() ?? '')) throw new Error(t('staffLogin.codeInvalid')); } }]}
        >
          <FieldInput testId="staff-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      </Form>
      {problem && (
        <p className="staff-login__problem" role="alert" data-testid="staff-login-problem">
          {problem}
        </p>
      )}
      {enrolment ? (
        <section className="staff-login__enrolment" aria-labelledby="staff-enrolment-title" data-testid="staff-enrolment">
          <h2 id="staff-enrolment-title">{t('staffLogin.enrolTitle')}</h2>
          <p>{t('staffLogin.enrolSteps')}</p>
          <img src={enrolment.qrDataUrl} alt={t('staffLogin.qrAlt')} width={200} height={200} />
          <p className="staff-login__uri" data-testid="staff-otpauth">
            {enrolment.otpauthUri}
          </p>
        </section>
      ) : (
        <Button fill="none" color="primary" disabled={busy} onClick={() => void enrol()} data-testid="staff-enrol">
          {t('staffLogin.enrol')}
        </Button>
      )}
    </div>
  );
}
