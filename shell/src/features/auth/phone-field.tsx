import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CountryCodePicker } from './country-code-picker';
import { FieldInput } from './field-input';
import { phoneProblem, ruleCheck } from './auth-rules';

/**
 * The phone row of the auth forms: the country picker (form field `country`) and the national number
 * (form field `phone`), checked against the picked country's digit count.
 */
export function PhoneField({ testId, autoComplete }: { testId: string; autoComplete: string }) {
  const { t } = useTranslation('shell');
  return (
    <Form.Item label={t('fields.phone')} required>
      <div className="field-row">
        <Form.Item name="country" noStyle>
          <CountryCodePicker />
        </Form.Item>
        <Form.Item
          name="phone"
          noStyle
          rules={[({ getFieldValue }) => ({ validator: async (_, v?: string) => ruleCheck(phoneProblem(v?.trim(), getFieldValue('country')), t) })]}
        >
          <FieldInput testId={testId} name="phone" type="tel" inputMode="tel" autoComplete={autoComplete} placeholder={t('fields.phonePlaceholder')} clearable />
        </Form.Item>
      </div>
    </Form.Item>
  );
}
