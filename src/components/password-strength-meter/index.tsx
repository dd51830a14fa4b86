import {useEffect, useSyncExternalStore, type ReactNode} from 'react';
import clsx from 'clsx';
import LineIcon from '@site/src/components/line-icon';
import {passwordChecklist, passwordStrength} from '@site/src/lib/password-strength';
import {commonPasswordsLoaded, loadCommonPasswords, onCommonPasswordsLoaded} from '@site/src/lib/common-password-list';
import styles from './styles.module.css';

interface Props {
  password: string;
  id?: string;
}

function Check({label, met}: {label: string; met: boolean}): ReactNode {
  return (
    <span className={clsx(styles.check, met && styles.met)}>
      <LineIcon width="14" height="14" strokeWidth="2.5">
        {met ? <path d="M20 6 9 17l-5-5" /> : <circle cx="12" cy="12" r="8" />}
      </LineIcon>
      <span>{label}</span>
      <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
    </span>
  );
}

/**
 * The strength meter (score 0-4, Weak/Fair/Good/Strong, or Too common) and the checklist of the rule the API
 * enforces. The common-password list is fetched when the first character is typed, and the meter reads again when it
 * arrives.
 */
export default function PasswordStrengthMeter({password, id}: Props): ReactNode {
  const typed = password.length > 0;
  useEffect(() => {
    if (typed) void loadCommonPasswords();
  }, [typed]);
  useSyncExternalStore(onCommonPasswordsLoaded, commonPasswordsLoaded, () => false);
  const {score, label} = passwordStrength(password);
  const checklist = passwordChecklist(password);
  const empty = password.length === 0;
  return (
    <div className={styles.meter} id={id} data-testid="password-strength">
      <div className={styles.barRow}>
        <div
          className={clsx(styles.bars, !empty && styles[`score${score}`])}
          role="meter"
          aria-label="Strength"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score}
          aria-valuetext={empty ? 'No password yet' : label}
        >
          {[1, 2, 3, 4].map((step) => (
            <span key={step} className={clsx(styles.bar, !empty && score >= step && styles.filled)} />
          ))}
        </div>
        <span className={styles.label} aria-hidden="true">
          {empty ? '' : label}
        </span>
      </div>
      <ul className={styles.checklist} aria-label="Requirements">
        {checklist.map((line) => (
          <li key={line.label}>
            <Check label={line.label} met={line.met} />
            {line.kinds ? (
              <ul className={styles.kinds}>
                {line.kinds.map((kind) => (
                  <li key={kind.label}>
                    <Check label={kind.label} met={kind.met} />
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
