import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {CopyIcon} from '@site/src/components/copy-button';
import {withSandboxKey} from '@site/src/components/guide/placeholders';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {writeClipboard} from '@site/src/lib/clipboard';
import {COPIED_MS} from '@site/src/lib/timing';
import styles from './styles.module.css';

type State = 'idle' | 'copying' | 'copied' | 'failed';

/**
 * 'Copy page as Markdown': the page's Markdown copy (written beside it by plugins/llms-txt) to the clipboard, for an
 * AI assistant or a note. Like the snippets, it carries the reader's whole sandbox key.
 */
export default function CopyPageButton({markdownPath}: {markdownPath: string}): ReactNode {
  const [state, setState] = useState<State>('idle');
  const {key} = useSandboxKey();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    setState('copying');
    window.clearTimeout(timer.current);
    try {
      const response = await fetch(markdownPath, {credentials: 'omit'});
      if (!response.ok) throw new Error(`${markdownPath} answered ${response.status}`);
      await writeClipboard(withSandboxKey(await response.text(), key?.apiKey ?? null).copied);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
    } catch (error) {
      console.warn('Copy page as Markdown failed', error);
      setState('failed');
    }
  };

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={clsx('button button--sm button--secondary', styles.button)}
        onClick={() => void copy()}
        disabled={state === 'copying'}
      >
        <CopyIcon copied={state === 'copied'} />
        <span>{state === 'copied' ? 'Copied!' : state === 'copying' ? 'Copying…' : 'Copy page as Markdown'}</span>
      </button>
      <span role="status" className={state === 'failed' ? styles.failed : 'sr-only'}>
        {state === 'copied' && 'Page copied as Markdown'}
        {state === 'failed' && (
          <>
            Could not copy the page. <a href={markdownPath}>Open it as Markdown</a> instead.
          </>
        )}
      </span>
    </div>
  );
}
