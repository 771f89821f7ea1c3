import type { ReactNode } from 'react';
import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface PageEmptyProps {
  /** Defaults to the common "Nothing here yet". */
  title?: ReactNode;
  description?: ReactNode;
  /** An action under the text, e.g. a button. */
  children?: ReactNode;
  className?: string;
}

/** The empty state of a list or page. */
export function PageEmpty({ title, description, children, className }: PageEmptyProps) {
  const { t } = useTranslation();
  return (
    <div className={['rs-page-empty', className].filter(Boolean).join(' ')} data-testid="page-empty">
      <ErrorBlock status="empty" title={title ?? t('common:states.empty')} description={description ?? ''}>
        {children}
      </ErrorBlock>
    </div>
  );
}
