import {useMemo, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {DEFAULT_FLOW_ID, QUESTION_TYPE_NAMES, type FlowQuestion, type QuestionType} from '@intakekit/contract/flows';
import {exampleQuestion} from '@intakekit/contract/flow-catalogue';
import {questionSnippet} from '@site/src/components/guide/question-snippet';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {SDK_FAILED_MESSAGE, STATUS_TEXT, useIntakeRun} from '../lib/use-intake-run';
import styles from './question-type-example.module.css';

/**
 * The question asked live by the SDK this portal serves, with the reader's sandbox key, once they ask for it (five
 * previews on one page would start five sessions nobody looks at), then the `complete` event's answers as the
 * page's code receives them.
 */
function LivePreview({question, name}: {question: FlowQuestion; name: string}): ReactNode {
  const {key, isLoading} = useSandboxKey();
  const [run, setRun] = useState(0);
  const questions = useMemo(() => [question], [question]);
  const {containerRef, status, detail, answers} = useIntakeRun({
    apiKey: run > 0 ? key?.apiKey : undefined,
    flowId: DEFAULT_FLOW_ID,
    questions,
    run,
    delayMs: 0,
  });
  const again = () => setRun((n) => n + 1);
  const label = `the ${name.toLowerCase()} question`;

  if (isLoading) return null;
  if (!key) {
    return (
      <p className={styles.note}>
        <Link to="/api-keys">Create a sandbox key</Link> to try {label} live here.
      </p>
    );
  }
  if (run === 0) {
    return (
      <button type="button" className="button button--secondary button--sm" onClick={again}>
        Try {label} live
      </button>
    );
  }
  return (
    <div className={styles.preview} role="group" aria-label={`Live preview of ${label}`}>
      {(status === 'loading' || status === 'starting') && (
        <p className={styles.note} role="status">
          {STATUS_TEXT[status]}
        </p>
      )}
      {status === 'failed' && (
        <div className={styles.failure}>
          <p role="alert" className={styles.failureTitle}>
            {SDK_FAILED_MESSAGE}
          </p>
          {detail && <p className={styles.note}>{detail}</p>}
          <button type="button" className="button button--secondary button--sm" onClick={again}>
            Try again
          </button>
        </div>
      )}
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

/**
 * A question type on the Question types page: the `init` call that asks a question of that type (a built-in
 * flow's own, so the page and the flows cannot disagree) and the question run live.
 */
export function QuestionTypeExample({type}: {type: QuestionType}): ReactNode {
  const question = exampleQuestion(type);
  return (
    <div className={styles.example}>
      <CodeBlock language="js" title={`${type}-question.js`}>
        {questionSnippet(question, DEFAULT_FLOW_ID)}
      </CodeBlock>
      <LivePreview question={question} name={QUESTION_TYPE_NAMES[type]} />
    </div>
  );
}
