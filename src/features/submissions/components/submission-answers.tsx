import type {ReactNode} from 'react';
import CopyButton from '@site/src/components/copy-button';
import LoadFailed from '@site/src/components/load-failed';
import Notice from '@site/src/components/notice';
import Spinner from '@site/src/components/spinner';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {useSubmission} from '../api/submissions';
import styles from './styles.module.css';

/** What a member reads instead of a production submission's answers. */
export const ANSWERS_HIDDEN =
  "Only owners and admins can see the answers of production submissions: they are real patients' health data. Ask an owner or admin of your team if you need them.";

/** The answers of one submission, as question and answer, and its QuestionnaireResponse JSON to copy. */
export default function SubmissionAnswers({id}: {id: string}): ReactNode {
  const {data, error, mutate} = useSubmission(id);
  if (error && !data) {
    return errorCode(error) === 'FORBIDDEN' ? (
      <Notice variant="info">{ANSWERS_HIDDEN}</Notice>
    ) : (
      <LoadFailed
        title="The answers could not be loaded."
        message={getErrorMessage(error)}
        onRetry={() => void mutate()}
      />
    );
  }
  if (!data) return <Spinner label="Loading the answers..." showLabel />;
  const json = JSON.stringify(data.questionnaireResponse, null, 2);
  return (
    <>
      <h3 className={styles.subheading}>Answers</h3>
      <dl className={styles.answers}>
        {data.answers.map((pair) => (
          <div key={pair.questionId} className={styles.pair}>
            <dt>{pair.question}</dt>
            <dd>{pair.answer ?? <span className={styles.muted}>No answer</span>}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.jsonHeader}>
        <h3 className={styles.subheading}>QuestionnaireResponse (FHIR R4)</h3>
        <CopyButton value={json} label="Copy the QuestionnaireResponse JSON" />
      </div>
      <pre className={styles.json} tabIndex={0} role="region" aria-label="QuestionnaireResponse JSON">
        <code>{json}</code>
      </pre>
    </>
  );
}
