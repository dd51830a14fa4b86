import type {ReactNode} from 'react';
import ActionRow from '@site/src/components/action-row';
import styles from './styles.module.css';

/** A team setting in a sentence with its button beside it (below it on a phone). */
export default function SectionRow({children, action}: {children: ReactNode; action?: ReactNode}): ReactNode {
  return (
    <ActionRow action={action}>
      <p className={styles.sectionText}>{children}</p>
    </ActionRow>
  );
}
