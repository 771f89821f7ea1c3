import { useSelector } from 'react-redux';
import { selectIsLoggedIn, store } from '@rigshare/session';
import { serverApi } from './server-api';
import { useLivePollingInterval } from './live/live-hub';

/**
 * The member's unread message count (GET /push/unread), here because the shell draws it as a badge
 * (tab bar, header) and the messages remote changes it (marking read). One cache entry for both:
 * marking read invalidates the 'Messages' tag, and every badge shows the new count.
 */
export const UNREAD_POLL_MS = 30_000;

/** The count alone: what a live `messages` event makes stale (marking read invalidates all of 'Messages'). */
export const UNREAD_MESSAGES_TAG = { type: 'Messages', id: 'unread' } as const;

export const unreadMessagesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    unreadMessages: build.query<number, void>({
      query: () => ({ host: 'push', path: 'unread' }),
      transformResponse: (data: { count: number }) => data.count,
      providesTags: [UNREAD_MESSAGES_TAG],
    }),
  }),
});

/**
 * The unread count for a badge: refetched on window focus and on the live channel's `messages`
 * events while it is connected, and polled every 30 s while shown when it is not; undefined while
 * signed out or not loaded yet.
 */
export function useUnreadMessages(): number | undefined {
  const signedIn = useSelector(selectIsLoggedIn);
  const { data } = unreadMessagesApi.useUnreadMessagesQuery(undefined, {
    skip: !signedIn,
    pollingInterval: useLivePollingInterval(UNREAD_POLL_MS),
    refetchOnFocus: true,
    skipPollingIfUnfocused: true,
  });
  return signedIn ? data : undefined;
}

/**
 * Starts loading the count before a badge shows it (a cold start on home), so the badge's query finds
 * it on its way. Nothing when it is cached or already being loaded.
 */
export function prefetchUnreadMessages(): void {
  store.dispatch(unreadMessagesApi.util.prefetch('unreadMessages', undefined, {}));
}

