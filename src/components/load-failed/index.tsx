import type {ReactNode} from 'react';
import Notice from '@site/src/components/notice';
import styles from './styles.module.css';

interface Props {
  /** What could not be loaded, e.g. 'The activity log could not be loaded.' */
  title?: string;
  /** Why, in the API's or the client's words. */
  message: ReactNode;
  onRetry: () => void;
}

/** A list that failed to load: the reason in an error notice, and a 'Try again' that loads it anew. */
export default function LoadFailed({title, message, onRetry}: Props): ReactNode {
  return (
    <Notice variant="error" title={title}>
      {message}{' '}
      <button type="button" className={styles.retry} onClick={onRetry}>
        Try again
      </button>
    </Notice>
  );
}
