import {useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import CodeBlock from '@theme/CodeBlock';
import {useHistory, useLocation} from '@docusaurus/router';
import {DEFAULT_FLOW_ID} from '@intakekit/contract/flows';
import {FLOWS, findFlow} from '@intakekit/contract/flow-catalogue';
import {maskApiKey} from '@site/src/lib/mask';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import {fillPlaceholders, withSandboxKey} from '@site/src/components/guide/placeholders';
import {inputClassName} from '@site/src/components/form-field';
import RetryAlert from '@site/src/components/retry-alert';
import {useSandboxKey} from '@site/src/hooks/use-sandbox-key';
import {PREVIEW_ENV, SDK_FAILED_MESSAGE, STATUS_TEXT, useIntakeRun} from '@site/src/hooks/use-intake-run';
import styles from './styles.module.css';

export const DEMO_ENV = PREVIEW_ENV;
/** The demo initialises 1 s after the SDK has loaded. */
export const DEMO_INIT_DELAY_MS = 1000;

/** The page a developer can save and open; the code block puts in the reader's key (masked on screen, whole when copied). */
export const demoHtml = (flowId: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Patient intake</title>
    <link rel="stylesheet" href="%SDK_CDN_URL%/intake.css" />
  </head>
  <body>
    <main style="max-width: 420px; margin: 0 auto; padding: 16px">
      <div id="intake"></div>
    </main>

    <script src="%SDK_CDN_URL%/intake.js"></script>
    <script>
      const intake = IntakeKit.init({
        container: '#intake',
        apiKey: 'YOUR_SANDBOX_KEY', // from API Keys
        flowId: '${flowId}',
        env: '${DEMO_ENV}',
      });

      intake.on('ready', (event) => console.log('Intake ready', event.sessionId));
      intake.on('complete', (event) => console.log('Answers', event.answers));
      intake.on('error', (error) => console.error(error.message));
    </script>
  </body>
</html>`;

/**
 * Saves the page behind the preview as a file, with the reader's whole key and the flow picked: opened from disk
 * it runs as it is (a sandbox key with no allowed origins answers any origin, a file's included).
 */
function DownloadPage({flowId, apiKey}: {flowId: string; apiKey: string | null}): ReactNode {
  const fields = usePortalFields();
  const download = () => {
    const page = withSandboxKey(fillPlaceholders(demoHtml(flowId), fields), apiKey).copied;
    const url = URL.createObjectURL(new Blob([page], {type: 'text/html'}));
    const link = document.createElement('a');
    link.href = url;
    link.download = `intakekit-${flowId}.html`;
    link.click();
    // Later than the click, which only starts the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button type="button" className="button button--secondary button--sm" onClick={download}>
      Download this page
    </button>
  );
}

/**
 * The same run in a tab of its own (static/demo/): the key and flow travel in the address's fragment, which that
 * page takes out of the address bar at once. A blob page would be blocked by the portal's CSP.
 */
function OpenInNewTab({flowId, apiKey}: {flowId: string; apiKey: string}): ReactNode {
  const page = useBaseUrl('/demo/');
  const open = () => {
    const fragment = new URLSearchParams({key: apiKey, flow: flowId}).toString();
    window.open(`${page}#${fragment}`, '_blank', 'noopener');
  };
  return (
    <button type="button" className="button button--secondary button--sm" onClick={open}>
      Open in a new tab
    </button>
  );
}

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

/**
 * The flow the demo runs: `?flow=` in the address when it names a built-in flow (the Flows page links here that
 * way), else the default. Choosing another one keeps the address in step, so the view can be shared.
 */
function useDemoFlow(): [string, (flowId: string) => void] {
  const location = useLocation();
  const history = useHistory();
  const asked = new URLSearchParams(location.search).get('flow');
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
  const {containerRef, status, detail} = useIntakeRun({apiKey: key?.apiKey, flowId, run, delayMs: DEMO_INIT_DELAY_MS});
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

      <aside className={styles.details} aria-label="Demo settings">
        <h3 className={styles.detailsTitle}>Demo settings</h3>
        <dl className={styles.list}>
          <div>
            <dt>Sandbox key</dt>
            <dd>
              {key ? (
                <code className={styles.key} data-testid="demo-key">
                  {/* One line: the stars in the middle are clipped on screen; screen readers get them all. */}
                  <span className="sr-only">{maskApiKey(key.apiKey)}</span>
                  <span aria-hidden="true">
                    {key.apiKey.slice(0, 8)}
                    <span className={styles.stars}>{maskApiKey(key.apiKey).slice(8, -8)}</span>
                    {key.apiKey.slice(-8)}
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
              <span className={styles.env}>{DEMO_ENV}</span>
            </dd>
          </div>
          {running && (
            <div>
              <dt>Status</dt>
              <dd>
                <span className={clsx(styles.status, styles[`status_${status}`])}>{STATUS_TEXT[status]}</span>
              </dd>
            </div>
          )}
        </dl>
        {running && (
          <button
            type="button"
            className="button button--outline button--primary button--block"
            onClick={() => setRun((n) => n + 1)}
            disabled={status === 'loading' || status === 'starting'}
          >
            Restart the demo
          </button>
        )}
        <p className={styles.note}>Sandbox mode: answers stay in the browser.</p>
      </aside>

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
