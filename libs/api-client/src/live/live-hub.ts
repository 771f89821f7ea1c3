import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveChannel, LiveHandler } from '@rigshare/contract';
import type { LiveEventFrame, LiveTopic } from '@rigshare/domain';

/**
 * The page's live channel as screens and remotes use it (`LiveChannel` of the contract): who listens
 * to which topic, and whether events flow. The shell's connection (live-connection.ts) feeds it; it
 * knows nothing of sockets, so a page without a connection (tests, an old browser) simply never
 * hears an event and keeps polling.
 */
class LiveHub implements LiveChannel {
  private readonly handlers = new Map<LiveTopic, Set<LiveHandler<LiveTopic>>>();
  private readonly connectionListeners = new Set<() => void>();
  private connected = false;

  subscribe<Topic extends LiveTopic>(topic: Topic, handler: LiveHandler<Topic>): () => void {
    const forTopic = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, forTopic);
    const entry = handler as LiveHandler<LiveTopic>;
    forTopic.add(entry);
    return () => void forTopic.delete(entry);
  }

  isConnected(): boolean {
    return this.connected;
  }

  onConnectedChange(listener: () => void): () => void {
    this.connectionListeners.add(listener);
    return () => void this.connectionListeners.delete(listener);
  }

  /** The connection's side: one event to everyone listening to its topic. */
  deliver(event: LiveEventFrame): void {
    for (const handler of [...(this.handlers.get(event.topic) ?? [])]) {
      try {
        handler(event.data, event.id);
      } catch (error) {
        console.error(`live: a "${event.topic}" handler failed`, error);
      }
    }
  }

  setConnected(connected: boolean): void {
    if (connected === this.connected) return;
    this.connected = connected;
    for (const listener of [...this.connectionListeners]) listener();
  }
}

export const live = new LiveHub();

/** Runs `handler` for each event of `topic` while the component is mounted (the latest handler). */
export function useLiveTopic<Topic extends LiveTopic>(topic: Topic, handler: LiveHandler<Topic>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => live.subscribe(topic, (data, id) => latest.current(data, id)), [topic]);
}

/** Whether the live channel is connected, re-rendering when that changes. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => live.onConnectedChange(listener),
    () => live.isConnected(),
    () => false,
  );
}

/**
 * A polling interval for RTK Query that stops while the live channel is connected (events bring the
 * changes) and is `ms` while it is not: today's polling is the fallback.
 */
export function useLivePollingInterval(ms: number): number {
  return useLiveConnected() ? 0 : ms;
}
