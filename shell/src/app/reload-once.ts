import { RELOAD_DELAY_MS } from '@rigshare/domain';

/**
 * SPEC.md: when a script fails to load, say so and reload after one second. A mark in session storage makes it once per area, so a remote that stays down
 * shows the message instead of reloading for ever.
 */
const markKey = (area: string) => `rigshare.reloaded.${area}`;

export function reloadOnce(area: string): () => void {
  if (sessionStorage.getItem(markKey(area))) return () => {};
  sessionStorage.setItem(markKey(area), new Date().toISOString());
  const timer = setTimeout(() => location.reload(), RELOAD_DELAY_MS);
  return () => clearTimeout(timer);
}

export function clearReloadMark(area: string): void {
  sessionStorage.removeItem(markKey(area));
}
