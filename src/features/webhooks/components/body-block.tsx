import type {ReactNode} from 'react';
import CopyButton from '@site/src/components/copy-button';
import {prettyBody} from '../lib/deliveries';
import styles from './styles.module.css';

/** A request or response body, indented when it is JSON, in a scrolling block the keyboard reaches, with Copy. */
export default function BodyBlock({body, label}: {body: string; label: string}): ReactNode {
  return (
    <div className={styles.bodyBlock}>
      <CopyButton value={body} label={`Copy the ${label.toLowerCase()}`} className={styles.bodyCopy} />
      <pre className={styles.json} tabIndex={0} role="region" aria-label={label}>
        <code>{prettyBody(body)}</code>
      </pre>
    </div>
  );
}
