import type { UnknownAction } from '@reduxjs/toolkit';
import type { LiveTopic, LiveTopicData } from '@rigshare/domain';
import { store } from '@rigshare/session';
import { serverApi, SERVER_TAGS } from '../server-api';
import { staffApi, STAFF_TAGS } from '../staff-api';
import { live } from './live-hub';

/** For each topic, the cache tags its events make stale: a list, or a function of the event's data. */
export type LiveRefreshRules<Tag> = { [Topic in LiveTopic]?: readonly Tag[] | ((data: LiveTopicData[Topic]) => readonly Tag[]) };

/**
 * Marks cached server data stale as events arrive: what a screen shows reloads at once, what no
 * screen shows is dropped and read fresh when a screen opens it (RTK Query's tag invalidation).
 * `invalidate` is the API's `util.invalidateTags`. Returns the function that stops it.
 */
export function invalidateOnLive<Tag>(invalidate: (tags: Tag[]) => UnknownAction, rules: LiveRefreshRules<Tag>): () => void {
  const stops = (Object.keys(rules) as LiveTopic[]).map((topic) =>
    live.subscribe(topic, (data) => {
      const rule = rules[topic] as readonly Tag[] | ((data: unknown) => readonly Tag[]);
      store.dispatch(invalidate([...(typeof rule === 'function' ? rule(data) : rule)]));
    }),
  );
  return () => stops.forEach((stop) => stop());
}

/** After a `resync` (the server no longer has what was missed): everything cached is read again. */
export function refetchAllServerData(): void {
  store.dispatch(serverApi.util.invalidateTags([...SERVER_TAGS]));
  store.dispatch(staffApi.util.invalidateTags([...STAFF_TAGS]));
}
