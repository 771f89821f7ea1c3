import { useCallback, useEffect, useState } from 'react';
import { accountsApi, type InviteMessage } from '@rigshare/api-client';

export type ShareInfoState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; info: InviteMessage };

/** The member's invite code, link and message to share from `queryInviteMsg`, with a retry after a failure. */
export function useShareInfo(): [ShareInfoState, () => void] {
  const [state, setState] = useState<ShareInfoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    // The card shows its own error with a retry, so the client stays quiet.
    accountsApi.inviteMessage({ silent: true, quiet: true }).then(
      (body) => {
        if (current) setState({ status: 'ready', info: body.data });
      },
      (error: unknown) => {
        if (current) setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [state, retry];
}
