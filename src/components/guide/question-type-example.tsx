import {useMemo, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {DEFAULT_FLOW_ID, QUESTION_TYPE_NAMES, type QuestionType} from '@intakekit/contract/flows';
import {exampleQuestion} from '@intakekit/contract/flow-catalogue';
import {LivePreview} from './live-preview';
import {questionSnippet} from './question-snippet';
import styles from './live-preview.module.css';

/**
 * A question type on the Question types page: the `init` call that asks a question of that type (a built-in
 * flow's own, so the page and the flows cannot disagree) and the question run live.
 */
export function QuestionTypeExample({type}: {type: QuestionType}): ReactNode {
  const question = exampleQuestion(type);
  const questions = useMemo(() => [question], [question]);
  return (
    <div className={styles.example}>
      <CodeBlock language="js" title={`${type}-question.js`}>
        {questionSnippet(question, DEFAULT_FLOW_ID)}
      </CodeBlock>
      <LivePreview
        subject={`the ${QUESTION_TYPE_NAMES[type].toLowerCase()} question`}
        flowId={DEFAULT_FLOW_ID}
        questions={questions}
      />
    </div>
  );
}
