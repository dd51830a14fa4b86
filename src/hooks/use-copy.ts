import {useCallback, useEffect, useRef, useState} from 'react';
import {writeClipboard} from '@site/src/lib/clipboard';
import {COPIED_MS} from '@site/src/lib/timing';

/** Copies `text` on demand; `copied` is true for COPIED_MS after a successful copy ('Copied!' for 2 s). */
export function useCopy(text: string, onError?: (error: unknown) => void): {copied: boolean; copy: () => void} {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(() => {
    void writeClipboard(text).then(
      () => {
        window.clearTimeout(timer.current);
        setCopied(true);
        timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
      },
      (error: unknown) => {
        onError?.(error);
        setCopied(false);
      },
    );
  }, [text, onError]);

  return {copied, copy};
}
