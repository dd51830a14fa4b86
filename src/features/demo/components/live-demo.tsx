import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {useHistory, useLocation} from '@docusaurus/router';
import {DEFAULT_FLOW_ID} from '@intakekit/contract/flows';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import RetryAlert from '@site/src/components/retry-alert';
import {useSearchParams} from '@site/src/hooks/use-search-params';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {SDK_FAILED_MESSAGE, STATUS_TEXT, useIntakeRun} from '@site/src/hooks/use-intake-run';
import {DownloadPage, OpenInNewTab, demoHtml} from './demo-page';
import DeliveryPanel from './delivery-panel';
import {DemoSettings} from './demo-settings';
import styles from './styles.module.css';

function Phone({children, label}: {children: ReactNode; label: string}): ReactNode {
  return (
    <figure className={styles.phone} aria-label={label}>
      <div className={styles.phoneNotch} aria-hidden="true" />
      <div className={styles.screen}>{children}</div>
    </figure>
  );
}

function NoKey(): ReactNode {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>Create a sandbox key to run the demo</p>
      <p className={styles.emptyText}>The live preview runs with your first active sandbox key.</p>
      <Link className="button button--primary" to="/api-keys">
        Create a sandbox key
      </Link>
    </div>
  );
}

/** The demo initialises 1 s after the SDK has loaded. */
export const DEMO_INIT_DELAY_MS = 1000;

/**
 * The flow the demo runs: `?flow=` in the address when it names a built-in flow (the Flows page links here that
 * way), else the default. Choosing another one keeps the address in step, so the view can be shared.
 */
function useDemoFlow(): [string, (flowId: string) => void] {
  const location = useLocation();
  const history = useHistory();
  const asked = useSearchParams()?.get('flow');
  const flowId = asked && findFlow(asked) ? asked : DEFAULT_FLOW_ID;
  const choose = (next: string) => {
    const params = new URLSearchParams(location.search);
    params.set('flow', next);
    history.replace({...location, search: `?${params.toString()}`});
  };
  return [flowId, choose];
}

/**
 * The live demo: a built-in intake flow in a phone mockup, run by the SDK this portal serves with the
 * user's first active sandbox key, next to the details of the run and the page that does the same.
 */
export default function LiveDemo(): ReactNode {
  const {key, isLoading} = useSandboxKey();
  const [run, setRun] = useState(0);
  const [flowId, chooseFlow] = useDemoFlow();
  const {containerRef, status, detail, submissionId} = useIntakeRun({
    apiKey: key?.apiKey,
    flowId,
    run,
    delayMs: DEMO_INIT_DELAY_MS,
  });
  const running = Boolean(key);

  return (
    <div className={styles.demo}>
      <div className={styles.stage}>
        <Phone label="Live preview of the intake flow">
          {isLoading ? (
            <p className={styles.muted} role="status">
              Loading your sandbox key...
            </p>
          ) : !running ? (
            <NoKey />
          ) : (
            <>
              {status === 'failed' && (
                <RetryAlert
                  title={SDK_FAILED_MESSAGE}
                  detail={detail}
                  onRetry={() => setRun((n) => n + 1)}
                  align="center"
                  className={styles.failure}
                />
              )}
              {(status === 'loading' || status === 'starting') && (
                <p className={styles.muted} role="status">
                  {STATUS_TEXT[status]}
                </p>
              )}
              <div
                ref={containerRef}
                className={clsx(styles.container, status === 'failed' && styles.hidden)}
                data-testid="demo-container"
              />
            </>
          )}
        </Phone>
      </div>

      <DemoSettings
        apiKey={key?.apiKey ?? null}
        isLoading={isLoading}
        flowId={flowId}
        chooseFlow={chooseFlow}
        status={status}
        submissionId={submissionId}
        onRestart={() => setRun((n) => n + 1)}
      />

      {submissionId ? <DeliveryPanel submissionId={submissionId} /> : null}

      <div className={styles.code}>
        <div className={styles.codeHeader}>
          <h3 className={styles.codeTitle}>The page behind the preview</h3>
          <div className={styles.codeActions}>
            {key && <OpenInNewTab flowId={flowId} apiKey={key.apiKey} />}
            <DownloadPage flowId={flowId} apiKey={key?.apiKey ?? null} />
          </div>
        </div>
        <CodeBlock language="html" title="index.html">
          {demoHtml(flowId)}
        </CodeBlock>
      </div>
    </div>
  );
}
