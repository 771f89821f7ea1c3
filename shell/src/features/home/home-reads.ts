import { accountsApi, prefetchUnreadMessages } from '@rigshare/api-client';

/** What home reads from the server when it opens: its banners, the scrolling notices and a pop-up notice. */
const HOME_READS = {
  carousel: () => accountsApi.carousel(),
  scrollNotice: () => accountsApi.scrollNotice(),
  popupNotice: () => accountsApi.popupNotice(),
};

type HomeRead = keyof typeof HOME_READS;
type Reply<K extends HomeRead> = ReturnType<(typeof HOME_READS)[K]>;

/** Reads started this long before home asks for them are not used: home reads again. */
const EARLY_READS_KEPT_MS = 10_000;

/** An early read: on its way (`reply`), or still waiting for its task (`timer`). */
type Early = { reply: Promise<unknown>; startedAt: number } | { timer: ReturnType<typeof setTimeout> };

const early = new Map<HomeRead, Early>();

function startEarly(key: HomeRead): void {
  const reply = HOME_READS[key]();
  // A read nobody takes must not end as an unhandled rejection; home handles the failures it takes.
  reply.catch(() => undefined);
  early.set(key, { reply, startedAt: Date.now() });
}

/**
 * A cold start on home: its reads, and the header's unread count, are started as soon as the API's
 * address is known, while React renders the page, each in a task of its own: the first requests of a
 * page compile axios's request path, tens of milliseconds each on a phone. Started from home's effects
 * they all ran in the one task of its first render's effects, a long one; here the data is also on
 * its way earlier.
 */
export function startHomeReadsEarly(): void {
  for (const key of Object.keys(HOME_READS) as HomeRead[]) early.set(key, { timer: setTimeout(() => startEarly(key), 0) });
  setTimeout(prefetchUnreadMessages, 0);
}

/** One of home's reads: the early one when home asks right after it was started (once), else a new one. */
export function takeHomeRead<K extends HomeRead>(key: K): Reply<K> {
  const started = early.get(key);
  early.delete(key);
  if (started && 'timer' in started) clearTimeout(started.timer);
  if (started && 'reply' in started && Date.now() - started.startedAt < EARLY_READS_KEPT_MS) return started.reply as Reply<K>;
  return HOME_READS[key]() as Reply<K>;
}
