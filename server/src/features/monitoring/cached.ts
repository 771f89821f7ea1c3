/**
 * `read` at most once every `ttlMs`: Prometheus (or two of them) scraping every 15 s costs one query per
 * gauge group, not one per scrape. Calls during a read share it.
 */
export function cached<T>(ttlMs: number, read: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: { at: number; result: Promise<T> } | null = null;
  return () => {
    const at = now();
    if (!value || at - value.at >= ttlMs) {
      const result = read();
      value = { at, result };
      // A failed read is not kept: the next scrape tries again.
      result.catch(() => {
        if (value?.result === result) value = null;
      });
    }
    return value.result;
  };
}
