import {useEffect, useState} from 'react';

/**
 * Now, renewed every `everyMs` while the page stays open: texts such as 'Expires in N days' or a grace period's time
 * left count down without a reload.
 */
export function useClock(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
