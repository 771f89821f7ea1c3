import { useEffect, useState } from 'react';
import { countdownParts, targetTime, type CountdownParts } from './countdown';

/** Ticks once a second until `target`, then stays at zero; never restarts or loops (DESIGN.md section 1). */
export function useCountdown(target: string | number | Date | null | undefined): CountdownParts {
  const [now, setNow] = useState(() => Date.now());
  const end = targetTime(target);

  useEffect(() => {
    setNow(Date.now());
    if (!Number.isFinite(end) || end <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [end]);

  return countdownParts(end, now);
}
