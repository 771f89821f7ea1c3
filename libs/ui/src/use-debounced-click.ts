import { useCallback, useEffect, useRef } from 'react';
import { CLICK_DEBOUNCE_MS } from '@rigshare/domain';

/**
 * Wraps a click handler so repeated taps within `waitMs` (default 1 s, SPEC.md section 9) run it
 * once: the first tap acts at once, the taps that follow it inside the window are dropped.
 */
export function useDebouncedClick<Args extends unknown[]>(
  handler: (...args: Args) => unknown,
  waitMs: number = CLICK_DEBOUNCE_MS,
): (...args: Args) => void {
  const handlerRef = useRef(handler);
  const lastRun = useRef<number>(-Infinity);
  useEffect(() => {
    handlerRef.current = handler;
  }, [handler]);
  return useCallback(
    (...args: Args) => {
      const now = Date.now();
      if (now - lastRun.current < waitMs) return;
      lastRun.current = now;
      void handlerRef.current(...args);
    },
    [waitMs],
  );
}
