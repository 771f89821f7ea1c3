/**
 * The live channel as a remote sees it. The shell opens the page's one connection (a WebSocket to
 * `/api/live`) and hands each event to whoever subscribed to its topic; a remote subscribes with a
 * handler and unsubscribes when done (a screen on unmount), and never opens a socket itself. Remotes
 * take the channel from `@rigshare/api-client` (`live`), a library the shell shares, as they take
 * the store and the server cache.
 */
import type { LiveTopic, LiveTopicData } from '@rigshare/domain';

export type { LiveTopic, LiveTopicData } from '@rigshare/domain';

/** Called with the event's data and its id (ids only increase). */
export type LiveHandler<Topic extends LiveTopic> = (data: LiveTopicData[Topic], id: number) => void;

export interface LiveChannel {
  /** Hands every event of `topic` to `handler` until the returned function is called. */
  subscribe<Topic extends LiveTopic>(topic: Topic, handler: LiveHandler<Topic>): () => void;
  /**
   * True while events flow (authenticated and caught up). While false, screens poll as they always
   * did; while true, polling can stop.
   */
  isConnected(): boolean;
  /** Calls `listener` whenever `isConnected()` changes, until the returned function is called. */
  onConnectedChange(listener: () => void): () => void;
}
