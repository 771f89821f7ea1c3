import { useTranslation } from 'react-i18next';
import { PageEmpty } from '@rigshare/ui';
import '../../messages.css';

/** `/message`: the messages tab. Messages come with their endpoint; until then the inbox says there are none. */
export default function InboxScreen() {
  const { t } = useTranslation('messages');
  return (
    <div className="messages-screen">
      <PageEmpty className="messages-empty" title={t('inbox.emptyTitle')} description={t('inbox.emptyDescription')} />
    </div>
  );
}
