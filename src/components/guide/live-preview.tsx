import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import type {QuestionInput} from '@intakekit/contract/flows';
import {SDK_FAILED_MESSAGE, STATUS_TEXT, useIntakeRun} from '@site/src/hooks/use-intake-run';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import RetryAlert from '@site/src/components/retry-alert';
import styles from './live-preview.module.css';

interface LivePreviewProps {
  /** What runs, for the button and the preview's name: 'the one choice question', 'the New patient flow'. */
  subject: string;
  flowId: string;
  /** Asked instead of the flow's own questions; a constant of the caller's. */
  questions?: QuestionInput[];
}

/**
 * A flow or a question run live by the SDK this portal serves, with the reader's sandbox key, once they ask for it
 * (a page of previews would otherwise start a session for each), then the `complete` event's answers as a page's
 * code receives them.
 */
export function LivePreview({subject, flowId, questions}: LivePreviewProps): ReactNode {
  const {key, isLoading} = useSandboxKey();
  const [run, setRun] = useState(0);
  const {containerRef, status, detail, answers} = useIntakeRun({
    apiKey: run > 0 ? key?.apiKey : undefined,
    flowId,
    questions,
    run,
    delayMs: 0,
  });
  const again = () => setRun((n) => n + 1);

  if (isLoading) return null;
  if (!key) {
    return (
      <p className={styles.note}>
        <Link to="/api-keys">Create a sandbox key</Link> to try {subject} live here.
      </p>
    );
  }
  if (run === 0) {
    return (
      <button type="button" className="button button--secondary button--sm" onClick={again}>
        Try {subject} live
      </button>
    );
  }
  return (
    <div className={styles.preview} role="group" aria-label={`Live preview of ${subject}`}>
      {(status === 'loading' || status === 'starting') && (
        <p className={styles.note} role="status">
          {STATUS_TEXT[status]}
        </p>
      )}
      {status === 'failed' && <RetryAlert title={SDK_FAILED_MESSAGE} detail={detail} onRetry={again} />}
      <div ref={containerRef} className={clsx(status === 'failed' && styles.hidden)} />
      {answers && (
        <div className={styles.answers}>
          <p>
            What your <code>complete</code> listener receives as <code>answers</code>:
          </p>
          <pre>
            <code>{JSON.stringify(answers, null, 2)}</code>
          </pre>
          <button type="button" className="button button--secondary button--sm" onClick={again}>
            Answer again
          </button>
        </div>
      )}
    </div>
  );
}
