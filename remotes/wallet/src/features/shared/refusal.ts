import { Dialog, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { ERROR_TOAST_MS } from '@rigshare/domain';
import { formatDateTime, i18n } from '@rigshare/i18n';
import { errorMessage } from '../../api/endpoints';
import { fixOf, holdUntilOf } from '../../api/refusal-fix';

/**
 * Shows a refusal from the server. When it names a route that fixes it (`data.fix`: bind an
 * address, a bank card or a fund password), the member gets a dialog with a "Go and bind" button
 * that goes there; otherwise the message is toasted. A withdrawal hold is said with its end in the
 * member's own time zone, not the server's ISO time.
 */
export function showRefusal(error: unknown, t: TFunction, navigate: (path: string) => void): void {
  const holdUntil = holdUntilOf(error);
  const message = holdUntil
    ? t('wallet:balance.hold', { time: formatDateTime(holdUntil, i18n.language) })
    : errorMessage(error);
  const fix = fixOf(error);
  if (fix) {
    Dialog.confirm({
      content: message,
      confirmText: t('wallet:withdraw.goBind'),
      cancelText: t('wallet:actions.cancel'),
      onConfirm: () => navigate(fix),
    });
    return;
  }
  Toast.show({ content: message, duration: ERROR_TOAST_MS });
}
