import { Button, Card, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CopyText } from '@rigshare/ui';
import { useShareInfo } from './use-share-info';
import '../../team.css';

/** The member's own invite code and link, each with a copy button. */
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
        </div>
      )}
    </Card>
  );
}
