import { Button, Card, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyText, LinkInText } from '@rigshare/ui';
import { useInviteMessageQuery } from '@rigshare/api-client';
import { errorMessage } from '../../api/endpoints';
import { InviteQr } from './invite-qr';
import '../../team.css';

/** The member's own invite code, link and the message to share (staff's, with the link in it), each with a copy button, a QR code of the link and the Web Share sheet where the browser has one. */
export function InviteCard() {
  const { t } = useTranslation('team');
  const { data: info, error, isFetching, refetch } = useInviteMessageQuery({ announce: false });
  return (
    <Card className="team-invite-card" title={t('invite.title')}>
      {!info && isFetching && (
        <div aria-busy="true">
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      )}
      {!info && !isFetching && error !== undefined && (
        <ErrorBlock status="default" title={t('invite.loadError')} description={errorMessage(error)}>
          <Button color="primary" size="small" onClick={() => void refetch()}>
            {t('invite.retry')}
          </Button>
        </ErrorBlock>
      )}
      {info && (
        <div className="team-invite-rows">
          <CopyText
            className="team-invite-code"
            label={t('invite.code')}
            text={info.inviteCode}
            data-testid="invite-code"
          />
          <CopyText className="team-invite-link" label={t('invite.link')} text={info.shareUrl} data-testid="invite-link" />
          <CopyText className="team-invite-message" label={t('invite.message')} labelAbove text={info.message} data-testid="invite-message">
            <LinkInText text={info.message} link={info.shareUrl} />
          </CopyText>
          <InviteQr url={info.shareUrl} label={t('invite.qr')} />
          {typeof navigator !== 'undefined' && typeof navigator.share === 'function' && (
            <Button
              color="primary"
              fill="outline"
              block
              data-testid="invite-share"
              onClick={() => void navigator.share({ title: t('invite.shareTitle'), text: info.message }).catch(() => undefined)}
            >
              {t('invite.share')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
