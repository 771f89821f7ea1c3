import { Button, Card, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyText, LinkInText } from '@rigshare/ui';
import { InviteQr } from './invite-qr';
import { useShareInfo } from './use-share-info';
import '../../team.css';

/** The member's own invite code, link and the message to share (staff's, with the link in it), each with a copy button, a QR code of the link and the Web Share sheet where the browser has one. */
export function InviteCard() {
  const { t } = useTranslation('team');
  const [state, retry] = useShareInfo();
  return (
    <Card className="team-invite-card" title={t('invite.title')}>
      {state.status === 'loading' && (
        <div aria-busy="true">
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      )}
      {state.status === 'error' && (
        <ErrorBlock status="default" title={t('invite.loadError')} description={state.message}>
          <Button color="primary" size="small" onClick={retry}>
            {t('invite.retry')}
          </Button>
        </ErrorBlock>
      )}
      {state.status === 'ready' && (
        <div className="team-invite-rows">
          <CopyText
            className="team-invite-code"
            label={t('invite.code')}
            text={state.info.inviteCode}
            data-testid="invite-code"
          />
          <CopyText className="team-invite-link" label={t('invite.link')} text={state.info.shareUrl} data-testid="invite-link" />
          <CopyText className="team-invite-message" label={t('invite.message')} labelAbove text={state.info.message} data-testid="invite-message">
            <LinkInText text={state.info.message} link={state.info.shareUrl} />
          </CopyText>
          <InviteQr url={state.info.shareUrl} label={t('invite.qr')} />
          {typeof navigator !== 'undefined' && typeof navigator.share === 'function' && (
            <Button
              color="primary"
              fill="outline"
              block
              data-testid="invite-share"
              onClick={() => void navigator.share({ title: t('invite.shareTitle'), text: state.info.message }).catch(() => undefined)}
            >
              {t('invite.share')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
