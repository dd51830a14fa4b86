import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

interface Props {
  /** A short line under the title (status, error text). */
  detail?: ReactNode;
  /** What happened and what to do, in words. */
  explanation?: ReactNode;
  children?: ReactNode;
}

/**
 * The default error page for unmatched and failing routes: 'Unexpected Application Error!', then what
 * happened in plain words and the ways on (home, the dashboard, which sends a signed-out reader to sign in).
 */
export default function ErrorPage({detail, explanation, children}: Props): ReactNode {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.eyebrow}>IntakeKit</p>
        <h1 className={styles.title}>Unexpected Application Error!</h1>
        {detail ? <p className={styles.detail}>{detail}</p> : null}
        {explanation ? <p className={styles.explanation}>{explanation}</p> : null}
        <div className={styles.actions}>
          {children}
          <Link className="button button--primary" to="/dashboard">
            Go to the dashboard
          </Link>
          <Link className="button button--secondary" to="/">
            Go to home
          </Link>
        </div>
      </div>
    </main>
  );
}
