import type {ReactNode} from 'react';
import clsx from 'clsx';
import Avatar from '@site/src/components/avatar';
import Spinner from '@site/src/components/spinner';
import type {User} from '@site/src/stores/auth-store';
import styles from './user-card.module.css';

/** Who is signed in, at the top of the sidebar: initial, name and address (the address alone without a name). */
export default function UserCard({user}: {user: User}): ReactNode {
  const name = user.name?.trim();
  return (
    <div className={styles.user} data-testid="sidebar-user">
      <Avatar name={user.name} email={user.email} size="md" />
      <span className={styles.userText}>
        <span className={styles.userName} title={name || user.email}>
          {name || user.email}
        </span>
        {name && (
          <span className={styles.userEmail} title={user.email}>
            {user.email}
          </span>
        )}
      </span>
    </div>
  );
}

/**
 * The card's place while the session check answers (a guide page renders before it): the same size as the card, so
 * nothing below it moves when the user arrives.
 */
export function UserCardLoading(): ReactNode {
  return (
    <div className={styles.user}>
      <span className={styles.avatarSlot}>
        <Spinner size="md" label="Loading your account..." />
      </span>
      <span className={styles.userText} aria-hidden="true">
        <span className={clsx(styles.bar, styles.nameBar)} />
        <span className={clsx(styles.bar, styles.emailBar)} />
      </span>
    </div>
  );
}
