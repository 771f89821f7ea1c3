import { useCallback } from 'react';
import { useLazyServiceLinkQuery, type ServerError } from '@rigshare/api-client';
import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ERROR_TOAST_MS, isUsableServiceLink, NO_SERVICE_TOAST_MS } from '@rigshare/domain';
import { useDebouncedClick } from '@rigshare/ui';

/**
 * The customer-service button: asks the server for the current link; none shows "Customer service is
 * not set up yet", one too short "No customer service online", for 4 s; otherwise a dialog opens the link
 * in a new tab.
 */
export function useCustomerService(): () => void {
  const { t } = useTranslation('shell');
  const [readServiceLink] = useLazyServiceLinkQuery();
  const open = useCallback(async () => {
    let link: string | null;
    try {
      link = await readServiceLink().unwrap();
    } catch (error) {
      // SPEC.md section 7: the server's message, or "fail" when it gave none.
      const message = (error as Partial<ServerError>).message || t('service.fail');
      Toast.show({ content: message, duration: ERROR_TOAST_MS });
      return;
    }
    if (!isUsableServiceLink(link)) {
      // No link at all: staff have not set one up, and the member reads exactly that.
      Toast.show({ content: t(link === null ? 'service.notSetUp' : 'service.none'), duration: NO_SERVICE_TOAST_MS });
      return;
    }
    const target = link.trim();
    Dialog.show({
      title: t('service.title'),
      content: t('service.content'),
      closeOnMaskClick: true,
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('common:actions.cancel') },
          { key: 'open', text: t('service.open'), bold: true, onClick: () => void window.open(target, '_blank', 'noopener') },
        ],
      ],
    });
  }, [t, readServiceLink]);
  return useDebouncedClick(open);
}
