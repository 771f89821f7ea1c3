import { useCallback, type ReactNode } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from './clipboard';

/** Copies and tells the member how it went ("Copy success" / "Copy failed"). */
export function useCopy(): (text: string) => Promise<boolean> {
  const { t } = useTranslation();
  return useCallback(
    async (text: string) => {
      const copied = await copyToClipboard(text);
      Toast.show({ content: copied ? t('common:copy.success') : t('common:copy.failed') });
      return copied;
    },
    [t],
  );
}

export interface CopyTextProps {
  /** The text that is copied. */
  text: string;
  /** What is shown; defaults to the text itself. */
  children?: ReactNode;
  /** Label in front of the value. */
  label?: ReactNode;
  /** The label on a line of its own, the value and button under it (long values, narrow places). */
  labelAbove?: boolean;
  className?: string;
  'data-testid'?: string;
}

/** A value with a copy button next to it (invite codes, links, addresses). */
export function CopyText({ text, children, label, labelAbove = false, className, 'data-testid': testId }: CopyTextProps) {
  const { t } = useTranslation();
  const copy = useCopy();
  return (
    <div className={['rs-copy-text', labelAbove && 'rs-copy-text--label-above', className].filter(Boolean).join(' ')} data-testid={testId}>
      {label !== undefined && <span className="rs-copy-text__label">{label}</span>}
      {/* Value and button stay together: when a long label leaves them too little room, they move under it. */}
      <span className="rs-copy-text__body">
        <span className="rs-copy-text__value">{children ?? text}</span>
        <Button size="mini" color="primary" fill="outline" disabled={!text} onClick={() => void copy(text)}>
          {t('common:actions.copy')}
        </Button>
      </span>
    </div>
  );
}
