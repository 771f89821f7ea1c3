import { useEffect, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDebouncedClick } from '@rigshare/ui';

export const CODE_RESEND_SECONDS = 60;

/**
 * "Send code": `check` returns a shell message key when the code cannot be sent yet (no valid
 * phone, no image code); after a successful send the button counts down 60 s. `sentJustNow`
 * starts with that countdown, for a screen reached by sending a code. `sending`: the send's
 * mutation is on its way.
 */
export function SendCodeButton({
  check,
  send,
  sending,
  sentJustNow = false,
}: {
  check: () => string | null;
  send: () => Promise<unknown>;
  sending: boolean;
  sentJustNow?: boolean;
}) {
  const { t } = useTranslation('shell');
  const [left, setLeft] = useState(sentJustNow ? CODE_RESEND_SECONDS : 0);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = useDebouncedClick(async () => {
    if (left > 0 || sending) return;
    const problem = check();
    if (problem) {
      Toast.show({ content: t(problem) });
      return;
    }
    try {
      await send();
      Toast.show({ content: t('fields.codeSent') });
      setLeft(CODE_RESEND_SECONDS);
    } catch {
      // The API client has shown the server's message.
    }
  });

  return (
    <Button size="small" color="primary" fill="outline" disabled={left > 0} loading={sending} onClick={onClick} data-testid="send-code">
      {left > 0 ? t('fields.resend', { seconds: left }) : t('fields.sendCode')}
    </Button>
  );
}
