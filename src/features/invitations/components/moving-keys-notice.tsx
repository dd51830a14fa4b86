import type {ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import Spinner from '@site/src/components/spinner';
import {usePersonalKeys} from '../api/use-personal-keys';
import {countActiveKeys, movingKeysNotice} from '../lib/accept-view';
import styles from './styles.module.css';

/**
 * What joining does to the invitee's own keys: how many active ones move into the team. Read through the API
 * Keys page's cache entry, so both show the same list.
 */
export default function MovingKeysNotice({teamName}: {teamName: string}): ReactNode {
  const {keys, error} = usePersonalKeys();
  if (error) {
    return (
      <p className={styles.muted} data-testid="moving-keys">
        Any personal API keys you have will move into {teamName}. They keep working and become the team&apos;s.
      </p>
    );
  }
  if (!keys) {
    return (
      <div className={styles.keysLoading}>
        <Spinner size="sm" showLabel label="Checking your personal API keys..." />
      </div>
    );
  }
  const text = movingKeysNotice(countActiveKeys(keys), teamName);
  return text ? (
    <Notice variant="info" data-testid="moving-keys">
      {text}
    </Notice>
  ) : null;
}
