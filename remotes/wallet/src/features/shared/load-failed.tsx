import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** A load that failed: the reason and a retry. */
export function LoadFailed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <ErrorBlock status="default" title={message} description="">
      <Button color="primary" onClick={retry}>
        {t('actions.retry')}
      </Button>
    </ErrorBlock>
  );
}
