import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

interface Props {
  /** A short line under the title (status, error text). */
  detail?: ReactNode;
  children?: ReactNode;
}

/** The default error page of spec §2, for unmatched and failing routes. */
export default function ErrorPage({detail, children}: Props): ReactNode {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.eyebrow}>IntakeKit</p>
        <h1 className={styles.title}>Unexpected Application Error!</h1>
        {detail ? <p className={styles.detail}>{detail}</p> : null}
        {children}
        <div className={styles.actions}>
          <Link className="button button--primary" to="/">
            Go to home
          </Link>
          <Link className="button button--secondary" to="/login">
            Sign in
          </Link>
        </div>
      </div>
    </main>
  );
}
