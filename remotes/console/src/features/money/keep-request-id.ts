import { useRef } from 'react';
import { RequestIdKeeper } from '@rigshare/api-client';

/**
 * The request id of a money form's submission: the same while the form's content is unchanged and not yet
 * done, so a double click or a retry after a timeout moves money once; a new one after a success.
 */
export function useRequestId(): { idFor: (content: unknown) => string; settle: () => void } {
  const keeper = useRef(new RequestIdKeeper());
  return { idFor: (content) => keeper.current.idFor(JSON.stringify(content)), settle: () => keeper.current.settle() };
}
