import { Form } from 'antd-mobile';
import { GlobalOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { phoneParts } from '@rigshare/domain';
import { loggedIn, readStored } from '@rigshare/session';
import { useLoginMutation } from './auth-api';
import { CardForm } from './card-form';
import { FieldInput } from './field-input';
import { ruleOf } from './auth-rules';
import { PhoneField } from './phone-field';

interface LoginState {
  from?: string;
  phone?: string;
  country?: string;
}

interface LoginValues {
  phone: string;
  country?: string;
  password: string;
}

/** The number to prefill: the one just registered or reset, else the last login's (stored in E.164, shown national). */
function initialNumber(state: LoginState): { phone: string; country?: string } {
  if (state.phone) return { phone: state.phone, country: state.country };
  const stored = readStored('phone') ?? '';
  const parts = phoneParts(stored);
  return parts ? { phone: parts.national, country: parts.region } : { phone: stored };
}

export default function LoginScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const state = (useLocation().state ?? {}) as LoginState;
  const [login, loggingIn] = useLoginMutation();

  const submit = async ({ phone, country, password }: LoginValues) => {
    try {
      dispatch(loggedIn(await login({ phone: phone.trim(), country, password }).unwrap()));
    } catch {
      // The API client showed the server's message (wrong phone or password, locked, ...).
      return;
    }
    const from = state.from && !state.from.startsWith('/user/login') ? state.from : '/index';
    navigate(from, { replace: true });
  };

  return (
    <div className="auth-screen login-screen">
      <div className="auth-top">
        <Link to="/index/language" className="auth-top__lang" data-testid="login-language">
          <GlobalOutline /> {t('header.language')}
        </Link>
      </div>
      <div className="auth-brand">
        <div className="auth-brand__logo" aria-hidden="true">
          R
        </div>
        <h1 className="auth-brand__name">Rigshare</h1>
        <p className="auth-brand__tagline">{t('login.welcome')}</p>
      </div>
      <CardForm
        initialValues={initialNumber(state)}
        onFinish={submit}
        submit={{ text: t('login.submit'), busy: loggingIn.isLoading, testId: 'login-submit' }}
      >
        <PhoneField testId="login-phone" autoComplete="tel-national" />
        <Form.Item name="password" label={t('fields.password')} rules={ruleOf((value) => value ? null : 'validation.passwordRequired', t)}>
          <FieldInput testId="login-password" name="password" type="password" autoComplete="current-password" placeholder={t('fields.passwordPlaceholder')} />
        </Form.Item>
      </CardForm>
      <div className="auth-links">
        <Link to="/register" data-testid="login-register">
          {t('login.register')}
        </Link>
        <Link to="/login/forgetPassword" data-testid="login-forgot">
          {t('login.forgot')}
        </Link>
      </div>
      <div className="auth-links auth-links--center">
        {/* Register by manager or invite (SPEC.md section 2): where an invitee without the link types the code. */}
        <Link to="/login/registerbym" data-testid="login-register-invited">
          {t('login.registerInvited')}
        </Link>
      </div>
      <div className="auth-links auth-links--center">
        <Link to="/solvency" data-testid="login-solvency">
          {t('solvency.title')}
        </Link>
      </div>
    </div>
  );
}

