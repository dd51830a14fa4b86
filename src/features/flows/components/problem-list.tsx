import type {ReactNode} from 'react';
import type {QuestionnaireProblem} from '@intakekit/contract/questionnaire/index';
import {FLOWS_TEXT, countOf} from '../lib/texts';
import styles from './page.module.css';

type Problem = Pick<QuestionnaireProblem, 'path' | 'linkId' | 'message' | 'severity'>;

function Entries({problems}: {problems: readonly Problem[]}): ReactNode {
  return (
    <ul className={styles.problems}>
      {problems.map((problem, index) => (
        <li key={`${problem.path}-${index}`}>
          <code>{problem.path || 'the document'}</code>
          {problem.linkId === undefined ? null : (
            <>
              {' '}
              (<code>{problem.linkId}</code>)
            </>
          )}
          : {problem.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The validator's findings, as the API would answer them: errors (the document cannot be saved until they are
 * fixed), then notes, what is kept but not shown by the widget. Each with its path and linkId.
 */
export default function ProblemList({problems, id}: {problems: readonly Problem[]; id?: string}): ReactNode {
  const errors = problems.filter((problem) => problem.severity === 'error');
  const notes = problems.filter((problem) => problem.severity === 'note');
  if (problems.length === 0) return null;
  return (
    <div id={id} className={styles.problemBox}>
      {errors.length > 0 ? (
        <div role="group" aria-label="Problems">
          <p className={styles.problemTitle}>{countOf(errors.length, 'problem')} to fix before saving</p>
          <Entries problems={errors} />
        </div>
      ) : null}
      {notes.length > 0 ? (
        <details className={styles.notes}>
          <summary>
            {FLOWS_TEXT.notShown} ({countOf(notes.length, 'note')})
          </summary>
          <Entries problems={notes} />
        </details>
      ) : null}
    </div>
  );
}
