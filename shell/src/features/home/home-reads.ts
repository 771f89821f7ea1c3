import { prefetchUnreadMessages } from '@rigshare/api-client';
import { store } from '@rigshare/session';
import { homeApi } from './home-api';

/** What home reads from the server when it opens: its banners, the scrolling notices and a pop-up notice. */
const HOME_READS = ['carousel', 'scrollNotice', 'popupNotice'] as const;

/**
 * How old home's cached reads may be when it opens (seconds, `refetchOnMountOrArgChange`): the
 * early reads below are taken as they are, anything older is read again.
 */
export const HOME_READS_KEPT_S = 10;

/**
 * A cold start on home: its reads, and the header's unread count, are started as soon as the API's
 * address is known, while React renders the page, each in a task of its own: the first requests of a
 * page compile axios's request path, tens of milliseconds each on a phone. Started from home's effects
 * they all ran in the one task of its first render's effects, a long one; here the data is also on
 * its way earlier, and home's queries find it in the cache.
 */
export function startHomeReadsEarly(): void {
  for (const read of HOME_READS) setTimeout(() => store.dispatch(homeApi.util.prefetch(read, undefined, {})), 0);
  setTimeout(prefetchUnreadMessages, 0);
}
