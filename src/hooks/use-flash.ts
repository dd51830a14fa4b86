import {useCallback, useEffect, useRef, useState} from 'react';

/** A message that clears itself after `ms` (success messages show for 3 or 5 seconds). */
export function useFlash(ms: number): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (next: string | null) => {
      window.clearTimeout(timer.current);
      setMessage(next);
      if (next !== null) timer.current = window.setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  return [message, show];
}
