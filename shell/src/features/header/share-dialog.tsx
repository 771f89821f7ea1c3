import { useCallback } from 'react';
import { useLazyInviteMessageQuery } from '@rigshare/api-client';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyText, LinkInText, useDebouncedClick } from '@rigshare/ui';

/** The invite-code share button: the member's code, link and invite message from queryInviteMsg, each with copy. */
export function useShareDialog(): () => void {
  const { t } = useTranslation('shell');
  const [readInviteMessage] = useLazyInviteMessageQuery();
  const open = useCallback(async () => {
    let shareUrl: string;
    let inviteCode: string;
    let message: string;
    try {
      ({ shareUrl, inviteCode, message } = await readInviteMessage({ announce: true }).unwrap());
    } catch {
      return;
    }
    Dialog.show({
      title: t('share.title'),
      closeOnMaskClick: true,
      closeOnAction: true,
      content: (
        <div className="share-dialog" data-testid="share-dialog">
          <p className="share-dialog__hint">{t('share.hint')}</p>
          <CopyText label={t('share.inviteCode')} labelAbove text={inviteCode} data-testid="share-invite-code" />
          <CopyText label={t('share.link')} labelAbove text={shareUrl} data-testid="share-url" />
          <CopyText className="share-dialog__message" label={t('share.message')} labelAbove text={message} data-testid="share-message">
            <LinkInText text={message} link={shareUrl} />
          </CopyText>
        </div>
      ),
      actions: [{ key: 'close', text: t('share.close') }],
    });
  }, [t, readInviteMessage]);
  return useDebouncedClick(open);
}
