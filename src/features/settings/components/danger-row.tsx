import type {ReactNode} from 'react';
import ActionRow from '@site/src/components/action-row';
import styles from './danger-row.module.css';

interface Props {
  title: ReactNode;
  /** What the action does, under the title. */
  children: ReactNode;
  /** The danger button's words and what it opens; none: the row only informs. */
  action?: {label: string; onClick: () => void};
}

/** A row of the Danger Zone or the Team section: what an irreversible action does, and its danger button. */
export default function DangerRow({title, children, action}: Props): ReactNode {
  return (
    <ActionRow
      action={
        action ? (
          <button type="button" className={`button button--danger ${styles.button}`} onClick={action.onClick}>
            {action.label}
          </button>
        ) : null
      }
    >
      <div>
        <p className={styles.title}>{title}</p>
        <p className={styles.text}>{children}</p>
      </div>
    </ActionRow>
  );
}
