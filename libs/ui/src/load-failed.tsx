import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface LoadFailedProps {
  /** What could not be loaded, or the server's message. */
  title: string;
  /** The reason under the title, if the title does not already say it. */
  message?: string;
  retry: () => void;
}

/** A load that failed: what, why, and a button to try again. */
export function LoadFailed({ title, message = '', retry }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" title={title} description={message}>
      <Button size="small" color="primary" onClick={retry}>
        {t('common:actions.retry')}
      </Button>
    </ErrorBlock>
  );
}
