import type {ReactNode} from 'react';
import styles from './best-practices.module.css';
import LineIcon from '@site/src/components/line-icon';

const PRACTICES: Array<{title: string; text: string}> = [
  {
    title: 'Keep keys out of source control',
    text: 'Load them from environment variables or a secrets manager, never from committed files.',
  },
  {
    title: 'Use sandbox keys while you build',
    text: 'Sandbox keys never touch real patient data; use them in development, tests and CI.',
  },
  {
    title: 'Sandbox and production keys differ',
    text: 'A sandbox key stays visible here for the Demo and the guide, and works from any origin until you list some. A production key is shown once, when it is created or rotated, and works only from the origins you allow.',
  },
  {
    title: 'Restrict each key to your sites',
    text: 'List the origins of the pages that embed a key in its details, so a copy of it does not run on other sites.',
  },
  {
    title: 'Rotate on a schedule, and at once if exposed',
    text: 'Rotating issues a new key; choose a grace period to keep the old one working while your pages switch, or stop it now if it leaked.',
  },
  {
    title: 'Revoke what you no longer use',
    text: 'Every active key is a way in. Revoke keys of retired apps and environments.',
  },
];

/** The Security best practices box of the API Keys page. */
export default function BestPractices(): ReactNode {
  return (
    <aside className={styles.practices} aria-labelledby="security-best-practices">
      <h2 id="security-best-practices" className={styles.practicesTitle}>
        <LineIcon width="18" height="18">
          <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
        </LineIcon>
        Security best practices
      </h2>
      <ul className={styles.practicesList}>
        {PRACTICES.map((p) => (
          <li key={p.title}>
            <strong>{p.title}.</strong> {p.text}
          </li>
        ))}
      </ul>
    </aside>
  );
}
