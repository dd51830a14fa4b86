import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {FLOWS} from '@intakekit/contract/flow-catalogue';
import {maskApiKey} from '@site/src/lib/mask';
import {inputClassName} from '@site/src/components/form-field';
import {toneClass, type Tone} from '@site/src/components/tone';
import {STATUS_TEXT, type RunStatus} from '@site/src/hooks/use-intake-run';
import {submissionLink} from '@site/src/lib/submission-link';
import {DEMO_ENV} from './demo-page';
import styles from './styles.module.css';

const STATUS_TONE: Record<RunStatus, Tone> = {
  loading: 'neutral',
  starting: 'neutral',
  ready: 'success',
  complete: 'success',
  failed: 'danger',
};

interface Props {
  apiKey: string | null;
  isLoading: boolean;
  flowId: string;
  chooseFlow: (flowId: string) => void;
  status: RunStatus;
  /** The submission the finished run stored. */
  submissionId: string | null;
  onRestart: () => void;
}

/** Beside the phone: the key the demo runs with (masked), the flow (to choose), the environment and the run's status. */
export function DemoSettings({
  apiKey,
  isLoading,
  flowId,
  chooseFlow,
  status,
  submissionId,
  onRestart,
}: Props): ReactNode {
  const running = apiKey !== null;
  return (
    <aside className={styles.details} aria-label="Demo settings">
      <h3 className={styles.detailsTitle}>Demo settings</h3>
      <dl className={styles.list}>
        <div>
          <dt>Sandbox key</dt>
          <dd>
            {apiKey !== null ? (
              <code className={styles.key} data-testid="demo-key">
                {/* One line: the stars in the middle are clipped on screen; screen readers get them all. */}
                <span className="sr-only">{maskApiKey(apiKey)}</span>
                <span aria-hidden="true">
                  {apiKey.slice(0, 8)}
                  <span className={styles.stars}>{maskApiKey(apiKey).slice(8, -8)}</span>
                  {apiKey.slice(-8)}
                </span>
              </code>
            ) : isLoading ? (
              '...'
            ) : (
              <Link to="/api-keys">None yet: create one</Link>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <label htmlFor="demo-flow">Flow</label>
          </dt>
          <dd className={styles.flow}>
            <select
              id="demo-flow"
              className={inputClassName}
              value={flowId}
              onChange={(event) => chooseFlow(event.target.value)}
            >
              {FLOWS.map((flow) => (
                <option key={flow.id} value={flow.id}>
                  {flow.name}
                </option>
              ))}
            </select>
            <code data-testid="demo-flow-id">{flowId}</code>
          </dd>
        </div>
        <div>
          <dt>Environment</dt>
          <dd>
            <span className={clsx(styles.badge, toneClass('warning'))}>{DEMO_ENV}</span>
          </dd>
        </div>
        {running && (
          <div>
            <dt>Status</dt>
            <dd>
              <span className={clsx(styles.badge, toneClass(STATUS_TONE[status]))}>{STATUS_TEXT[status]}</span>
            </dd>
          </div>
        )}
        {submissionId && (
          <div>
            <dt>Submission</dt>
            <dd className={styles.flow}>
              <code>{submissionId}</code>
              <Link to={submissionLink(submissionId)}>Open it on the Submissions page</Link>
            </dd>
          </div>
        )}
      </dl>
      {running && (
        <button
          type="button"
          className="button button--outline button--primary button--block"
          onClick={onRestart}
          disabled={status === 'loading' || status === 'starting'}
        >
          Restart the demo
        </button>
      )}
      <p className={styles.note}>Sandbox mode: each finished run is stored as a sandbox submission.</p>
    </aside>
  );
}
