import type {ReactNode} from 'react';
import {useAuthStore} from '@site/src/stores/auth-store';
import styles from './styles.module.css';

/** The dashboard greeting: "Welcome back, Dana". */
export function Greeting({children}: {children?: ReactNode}): ReactNode {
  const user = useAuthStore((state) => state.user);
  const name = user?.name?.trim() || user?.email || 'developer';
  return (
    <header className={styles.greeting}>
      <p className={styles.eyebrow}>IntakeKit Developer</p>
      <h1 className={styles.greetingTitle}>Welcome back, {name}</h1>
      {children && <div className={styles.greetingText}>{children}</div>}
    </header>
  );
}
