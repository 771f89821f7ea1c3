import { Form } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useTranslation } from 'react-i18next';
import { FieldInput } from './field-input';
import { confirmProblem, passwordProblem, ruleOf } from './auth-rules';

interface Props {
  form: FormInstance;
  /** Prefix of the inputs' test ids: '' gives `password` / `confirm-password`. */
  testIdPrefix?: string;
  /** Label key of the first field: `fields.password` when registering, `fields.newPassword` otherwise. */
  labelKey?: 'fields.password' | 'fields.newPassword';
}

/**
 * The password a member chooses and its confirmation, with the domain's password rule and
 * "Inconsistent passwords", as register, reset and change-password all ask for them.
 */
export function NewPasswordFields({ form, testIdPrefix = '', labelKey = 'fields.newPassword' }: Props) {
  const { t } = useTranslation('shell');
  return (
    <>
      <Form.Item name="password" label={t(labelKey)} description={t('fields.passwordHelp')} rules={ruleOf(passwordProblem, t)}>
        <FieldInput testId={`${testIdPrefix}password`} name="password" type="password" autoComplete="new-password" placeholder={t('fields.passwordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={['password']}
        rules={ruleOf((v) => confirmProblem(form.getFieldValue('password'), v), t)}
      >
        <FieldInput testId={`${testIdPrefix}confirm-password`} name="confirmPassword" type="password" autoComplete="new-password" placeholder={t('fields.confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}
