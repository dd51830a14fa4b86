import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import CopyButton from '@site/src/components/copy-button';
import {LivePreview} from '@site/src/components/guide/live-preview';
import {FLOWS, type Flow} from '@intakekit/contract/flow-catalogue';
import {QUESTION_TYPE_NAMES, type FlowQuestion} from '@intakekit/contract/flows';
import {TeamFlows} from './team-flows';
import styles from './styles.module.css';

function QuestionItem({question}: {question: FlowQuestion}): ReactNode {
  return (
    <li className={styles.question}>
      <span className={styles.questionText}>{question.question}</span>
      <span className={styles.meta}>
        <code>{question.id}</code> · {QUESTION_TYPE_NAMES[question.type]} ·{' '}
        {question.required ? 'Required' : 'Optional'}
      </span>
      {question.options && question.type !== 'yesNo' && (
        <span className={styles.options}>
          {question.options.map((option, index) => (
            <span key={String(option.value)}>
              {index > 0 && ', '}
              {option.label} (<code>{JSON.stringify(option.value)}</code>)
            </span>
          ))}
        </span>
      )}
    </li>
  );
}

function FlowSection({flow}: {flow: Flow}): ReactNode {
  return (
    <section className={styles.flow} aria-labelledby={flow.id}>
      <Heading as="h2" id={flow.id}>
        {flow.name}
      </Heading>
      <p>{flow.description}</p>
      <div className={styles.idRow}>
        <span>
          <code>flowId: &apos;{flow.id}&apos;</code>
        </span>
        <CopyButton value={flow.id} label={`Copy the id of ${flow.name}`} />
        <Link to={`/dashboard/demo?flow=${flow.id}`} aria-label={`Run in the demo: ${flow.name}`}>
          Run in the demo
        </Link>
      </div>
      <ol className={styles.questions} aria-label={`Questions of ${flow.name}`}>
        {flow.questions.map((question) => (
          <QuestionItem key={question.id} question={question} />
        ))}
      </ol>
      <LivePreview subject={`the ${flow.name} flow`} flowId={flow.id} />
    </section>
  );
}

/**
 * Every built-in flow: its id to copy, who it is for, its questions with the keys their answers carry in the
 * `complete` event, and a live preview. Rendered from the same catalogue the API serves, so the page cannot drift
 * from it.
 */
export function FlowCatalogue(): ReactNode {
  return (
    <div className={styles.catalogue}>
      <TeamFlows />
      {FLOWS.map((flow) => (
        <FlowSection key={flow.id} flow={flow} />
      ))}
    </div>
  );
}
