import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminSiteLink } from '@rigshare/api-schema';
import { SubmitForm } from '@rigshare/ui';
import { runAction } from '../layout/run-action';
import { When } from '../layout/when';
import { useSetSiteLinkMutation, useSiteLinksQuery } from './api';

/** One link: what members open now, who set it (or that the environment's default stands), and a form to change it. */
function LinkForm({ link }: { link: AdminSiteLink }) {
  const { t } = useTranslation('console');
  const [form] = Form.useForm<{ value: string }>();
  const [save, { isLoading }] = useSetSiteLinkMutation();
  const submit = ({ value }: { value: string }) => runAction(() => save({ key: link.key, value: value.trim() }).unwrap(), () => t('catalogue.linkSaved'));
  return (
    <SubmitForm
      form={form}
      initialValues={{ value: link.value }}
      onFinish={(values: { value: string }) => submit(values)}
      submit={{ text: t('catalogue.saveLink'), busy: isLoading }}
    >
      <Form.Item
        name="value"
        label={t(`catalogue.links.${link.key}`)}
        help={link.updatedBy && link.updatedAt ? <>{t('catalogue.setBy', { login: link.updatedBy })} <When at={link.updatedAt} /></> : t('catalogue.fromEnvironment')}
        rules={[{ required: true, pattern: /^\s*https?:\/\/\S+\s*$/, message: t('catalogue.httpHelp') }]}
      >
        <Input maxLength={500} data-testid={`link-${link.key}`} />
      </Form.Item>
    </SubmitForm>
  );
}

/** The customer-service link (the app's "contact us") and the group members join for the join-group reward. */
export function LinksTab() {
  const { t } = useTranslation('console');
  const links = useSiteLinksQuery({ pageNum: 1, pageSize: 10 });
  if (!links.data) return <p className="console-note">{links.isError ? t('catalogue.loadFailed') : '…'}</p>;
  return (
    <>
      {links.data.list.map((link) => (
        <LinkForm key={`${link.key}:${link.updatedAt ?? ''}`} link={link} />
      ))}
    </>
  );
}
