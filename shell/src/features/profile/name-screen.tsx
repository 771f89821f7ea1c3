import { useState } from 'react';
import { Form, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { accountsApi } from '@rigshare/api-client';
import { isValidDisplayName } from '@rigshare/domain';
import { nameChanged, type RootState } from '@rigshare/session';
import { CardForm } from '../auth/card-form';
import { FieldInput } from '../auth/field-input';
import { ruleCheck } from '../auth/auth-rules';

/** Change the display name (1 to 32 characters). */
export default function NameScreen() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const current = useSelector((state: RootState) => state.session.name);
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    const next = name.trim();
    setSaving(true);
    try {
      await accountsApi.modifyName(next);
      dispatch(nameChanged(next));
      Toast.show({ content: t('name.saved') });
      navigate(-1);
    } catch {
      // The API client showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <CardForm
      initialValues={{ name: current }}
      onFinish={submit}
      submitLabel={t('common:actions.save')}
      submitting={saving}
      submitTestId="name-submit"
    >
      <Form.Item
        name="name"
        label={t('information.name')}
        description={t('name.help')}
        rules={[{ validator: async (_, v?: string) => ruleCheck(v && isValidDisplayName(v) ? null : 'validation.name', t) }]}
      >
        <FieldInput testId="name-input" name="name" maxLength={32} autoComplete="nickname" clearable placeholder={t('name.placeholder')} />
      </Form.Item>
    </CardForm>
  );
}
