import type {ReactNode} from 'react';
import type {Comparison} from '../lib/compare';
import {FLOWS_TEXT} from '../lib/texts';
import styles from './page.module.css';

const KIND_WORDS = {added: 'Added', removed: 'Removed', changed: 'Changed'} as const;

/** The comparison of two versions: the title, then each item added, removed or changed, with what changed. */
export default function CompareView({comparison}: {comparison: Comparison}): ReactNode {
  const {document, changes} = comparison;
  if (document.length === 0 && changes.length === 0) return <p>{FLOWS_TEXT.nothingChanged}</p>;
  return (
    <ul className={styles.changes} aria-label="Differences">
      {document.map((change) => (
        <li key={change}>{change}</li>
      ))}
      {changes.map((change) => (
        <li key={`${change.kind}-${change.linkId}`}>
          <strong>{KIND_WORDS[change.kind]}</strong> <code>{change.linkId}</code>
          {change.text ? <span> {change.text}</span> : null}
          {change.details.length > 0 ? (
            <ul>
              {change.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
