import {useEffect, useMemo, type ReactNode} from 'react';
import {useAuthStore} from '@site/src/stores/auth-store';
import styles from './styles.module.css';

const greetedKey = (userId: string) => `intakekit:greeted:${userId}`;

/** Whether this browser has shown this account the dashboard before (false when storage is unavailable). */
function greetedBefore(userId: string): boolean {
  try {
    return window.localStorage.getItem(greetedKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * The dashboard greeting: "Welcome, Dana" on the first visit from this browser, "Welcome back, Dana" after; a
 * placeholder while the session check answers.
 */
export function Greeting({children}: {children?: ReactNode}): ReactNode {
  const user = useAuthStore((state) => state.user);
  const name = user ? user.name?.trim() || user.email : null;
  // Read once per account, before this visit is remembered: the heading must not change while it is read.
  const userId = user?.id;
  const returning = useMemo(() => (userId ? greetedBefore(userId) : false), [userId]);
  useEffect(() => {
    if (!userId) return;
    try {
      window.localStorage.setItem(greetedKey(userId), new Date().toISOString());
    } catch {
      // Private browsing without storage: every visit is a first one.
    }
  }, [userId]);
  return (
    <header className={styles.greeting}>
      <p className={styles.eyebrow}>IntakeKit Developer</p>
      <h1 className={styles.greetingTitle}>
        {name === null ? (
          // The page renders before the session check answers. Whether it is "Welcome back" depends on the account
          // too, so the whole line's place is held: text that moved when it arrived would be a layout shift.
          <>
            <span className="sr-only">Welcome</span>
            <span className={styles.placeholder} aria-hidden="true" />
          </>
        ) : (
          `${returning ? 'Welcome back' : 'Welcome'}, ${name}`
        )}
      </h1>
      {children && <div className={styles.greetingText}>{children}</div>}
    </header>
  );
}
