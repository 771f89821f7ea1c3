import { Form, List, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showRefusalOnForm } from '@rigshare/ui';
import { CardForm } from '../auth/card-form';
import { FieldInput } from '../auth/field-input';
import { ruleOf } from '../auth/auth-rules';
import { FRESH, useMemberEmailQuery, useSendEmailCodeMutation } from './email-api';
import { emailProblem } from './email-rules';

/**
 * `/user/bindEmail`: the address to bind (or to change to), and what it is for (security alerts); a code
 * goes to it, entered on `/user/verify`.
 */
export default function BindEmailScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const current = useMemberEmailQuery(undefined, FRESH).data;
  const [form] = Form.useForm<{ email: string }>();
  const [sendCode, sending] = useSendEmailCodeMutation();

  const submit = async (values: { email: string }) => {
    const email = values.email.trim();
    try {
      await sendCode(email).unwrap();
    } catch (error) {
      // "This email address is already bound to another account" under the address; a wait as a toast.
      showRefusalOnForm(form, error, ['email']);
      return;
    }
    Toast.show({ content: t('email.codeSentTo', { email }) });
    navigate(`/user/verify?email=${encodeURIComponent(email)}`);
  };

  return (
    <div className="email-screen">
      <p className="email-intro" data-testid="bind-email-purpose">
        {t('email.purpose')}
      </p>
      {current && (
        <List mode="card">
          <List.Item title={t('email.current')} data-testid="bind-email-current">
            <span className="email-address">{current}</span>
          </List.Item>
        </List>
      )}
      <CardForm
        form={form}
        onFinish={submit}
        submit={{ text: t('fields.sendCode'), busy: sending.isLoading, testId: 'bind-email-submit' }}
      >
        <Form.Item
          name="email"
          label={t(current ? 'email.newAddress' : 'email.address')}
          rules={ruleOf((v) => emailProblem(v?.trim()), t)}
        >
          <FieldInput testId="bind-email-input" name="email" type="email" inputMode="email" autoComplete="email" clearable placeholder={t('email.addressPlaceholder')} />
        </Form.Item>
      </CardForm>
    </div>
  );
}
